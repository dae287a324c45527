import {
  attendeeProfileDocumentSchema,
  attendeeProfileListDocumentSchema,
  attendeeProfileListQuerySchema,
  attendeeProfileParamsSchema,
  createAttendeeProfileBodySchema,
  FAMILY_API,
  medicalAccessLogDocumentSchema,
  pageQuerySchema,
  pickupPhotoParamsSchema,
  updateAttendeeProfileBodySchema,
  userIdParamsSchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { acceptUploads } from '../../storage/storage.plugin';
import { requireUser } from '../users';
import {
  addFamilyMember,
  familyMedicalAccessLog,
  getFamilyMember,
  listFamily,
  readPickupPhoto,
  removeFamilyMember,
  setFamilyPickupPhoto,
  updateFamilyMember,
} from './family.service';

const tags = ['family'];
const errors = errorResponses(401, 403, 404, 422);

/** A family account's attendee profiles: the people it books into classes (owner or admin). */
const registerFamilyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation: a guest learns nothing about the body, only that it must sign in.
  app.addHook('onRequest', requireUser);

  app.get(
    FAMILY_API.attendeeProfiles(':id'),
    {
      schema: {
        tags,
        security: bearer,
        summary: 'The family members of an account, the account holder first, then by name',
        params: userIdParamsSchema,
        querystring: attendeeProfileListQuerySchema,
        response: { 200: attendeeProfileListDocumentSchema, ...errors },
      },
    },
    async (request) =>
      listFamily(app.db, app.media, viewerOf(request), request.params.id, request.query.page),
  );

  app.get(
    FAMILY_API.attendeeProfile(':id', ':profileId'),
    {
      schema: {
        tags,
        security: bearer,
        summary:
          'A family member with the child’s card (emergency contacts, allergies, medical notes, pickup people); an admin’s read is logged for the family',
        params: attendeeProfileParamsSchema,
        response: { 200: attendeeProfileDocumentSchema, ...errors },
      },
    },
    async (request) =>
      getFamilyMember(
        app.db,
        app.media,
        viewerOf(request),
        request.params.id,
        request.params.profileId,
      ),
  );

  app.get(
    FAMILY_API.medicalAccessLog(':id', ':profileId'),
    {
      schema: {
        tags,
        security: bearer,
        summary:
          'Who on the staff was shown the child’s medical notes, where and when, the latest first (the family, admins)',
        params: attendeeProfileParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: medicalAccessLogDocumentSchema, ...errors },
      },
    },
    async (request) =>
      familyMedicalAccessLog(
        app.db,
        viewerOf(request),
        request.params.id,
        request.params.profileId,
        request.query.page,
      ),
  );

  app.post(
    FAMILY_API.attendeeProfiles(':id'),
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Adds a family member (name, birthday, is_account_holder)',
        params: userIdParamsSchema,
        body: createAttendeeProfileBodySchema,
        response: { 201: attendeeProfileDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const document = await addFamilyMember(
        app.db,
        viewerOf(request),
        request.params.id,
        request.body.attendee_profile,
      );
      return reply.code(201).send(document);
    },
  );

  app.put(
    FAMILY_API.attendeeProfile(':id', ':profileId'),
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Changes a family member',
        params: attendeeProfileParamsSchema,
        body: updateAttendeeProfileBodySchema,
        response: { 200: attendeeProfileDocumentSchema, ...errors },
      },
    },
    async (request) =>
      updateFamilyMember(
        app.db,
        app.media,
        viewerOf(request),
        request.params.id,
        request.params.profileId,
        request.body.attendee_profile,
        requestLanguage(request),
      ),
  );

  app.delete(
    FAMILY_API.attendeeProfile(':id', ':profileId'),
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Removes a family member (409 when booked into a class)',
        params: attendeeProfileParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await removeFamilyMember(
        app.db,
        app.media,
        viewerOf(request),
        request.params.id,
        request.params.profileId,
      );
      return reply.code(204).send(null);
    },
  );

  // The only multipart route, in a scope of its own: the parser's hooks cost the others nothing.
  await app.register(async (uploads) => {
    await acceptUploads(uploads);
    uploads.withTypeProvider<ZodTypeProvider>().put(
      FAMILY_API.pickupPhoto(':id', ':profileId', ':pickupId'),
      {
        schema: {
          tags,
          security: bearer,
          summary:
            'An authorised pickup person’s photo: multipart field `photo` (JPEG, PNG or WebP, 5 MB), re-encoded without metadata; answers the family member',
          consumes: ['multipart/form-data'],
          params: pickupPhotoParamsSchema,
          response: { 200: attendeeProfileDocumentSchema, ...errors, ...errorResponses(400) },
        },
      },
      async (request) =>
        setFamilyPickupPhoto(app.db, app.media, viewerOf(request), request.params, () =>
          readPickupPhoto(request),
        ),
    );
  });
};

export const familyRoutes = fp(registerFamilyRoutes, {
  name: 'family',
  dependencies: ['db', 'auth', 'media', 'storage'],
  encapsulate: true,
});
