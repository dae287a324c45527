import {
  AGREEMENTS_API,
  accountAgreementListSchema,
  agreementDocumentSchema,
  agreementListSchema,
  agreementSignatureDocumentSchema,
  agreementSignatureListSchema,
  agreementVersionDocumentSchema,
  createAgreementBodySchema,
  idParamsSchema,
  PDF_MEDIA_TYPE,
  publishVersionBodySchema,
  signAgreementBodySchema,
} from '@atelier/contract';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { requireRole, requireUser } from '../users';
import { signaturePdf } from './agreement-pdf';
import {
  type AgreementsContext,
  accountAgreements,
  agreementSignatures,
  agreementSignaturesCsv,
  createAgreement,
  getAgreement,
  listAgreements,
  publishVersion,
  retireAgreement,
  signAgreement,
  signatureCopy,
  withdrawSignature,
} from './agreements.service';

export type AgreementsRouteOptions = {
  schoolName: string;
  /** The clock signatures are stamped with; tests pin it. */
  now?: () => Date;
  /** Walk-ins' names for their paper signatures: the customers module's, above this one. */
  walkInNames: AgreementsContext['walkInNames'];
};

/** A PDF to be saved, never cached on the way: it holds a family's signature and address. */
function sendPdf(reply: FastifyReply, filename: string, bytes: Buffer) {
  return reply
    .type(PDF_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

const adminTags = ['agreements (admins)'];
const tags = ['agreements'];

/** Agreements, versions and signatures (docs/product.md#agreements). */
const registerAgreementsRoutes: FastifyPluginAsyncZod<AgreementsRouteOptions> = async (
  app,
  opts,
) => {
  const ctx: AgreementsContext = {
    db: app.db,
    now: opts.now ?? (() => new Date()),
    walkInNames: opts.walkInNames,
  };
  const admin = requireRole('admin');

  app.get(
    AGREEMENTS_API.adminAgreements,
    {
      onRequest: admin,
      schema: {
        tags: adminTags,
        security: bearer,
        summary: 'Every agreement by title, with its current version',
        response: { 200: agreementListSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => listAgreements(ctx, requestLanguage(request)),
  );

  app.post(
    AGREEMENTS_API.adminAgreements,
    {
      onRequest: admin,
      schema: {
        tags: adminTags,
        security: bearer,
        summary:
          'A new agreement (waiver, policy or media release): required before booking or not, signed per family or per child; families sign once a version is published',
        body: createAgreementBodySchema,
        response: { 201: agreementDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const doc = await createAgreement(
        ctx,
        viewerOf(request),
        request.body,
        requestLanguage(request),
      );
      return reply.code(201).send(doc);
    },
  );

  app.get(
    AGREEMENTS_API.adminAgreement(':id'),
    {
      onRequest: admin,
      schema: {
        tags: adminTags,
        security: bearer,
        summary: 'One agreement with every published version, newest first',
        params: idParamsSchema,
        response: { 200: agreementDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getAgreement(ctx, request.params.id, requestLanguage(request)),
  );

  app.delete(
    AGREEMENTS_API.adminAgreement(':id'),
    {
      onRequest: admin,
      schema: {
        tags: adminTags,
        security: bearer,
        summary:
          'Retires the agreement: it asks nothing of anyone from now on (not due, not required, no longer the media release); versions and signatures stay',
        params: idParamsSchema,
        response: { 200: agreementDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => retireAgreement(ctx, request.params.id, requestLanguage(request)),
  );

  app.post(
    AGREEMENTS_API.adminAgreementVersions(':id'),
    {
      onRequest: admin,
      schema: {
        tags: adminTags,
        security: bearer,
        summary:
          'Publishes the next version of the agreement. Published versions never change; families are asked to sign the new one',
        params: idParamsSchema,
        body: publishVersionBodySchema,
        response: { 201: agreementVersionDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const doc = await publishVersion(
        ctx,
        viewerOf(request),
        request.params.id,
        request.body.body,
      );
      return reply.code(201).send(doc);
    },
  );

  app.get(
    AGREEMENTS_API.adminAgreementSignatures(':id'),
    {
      onRequest: admin,
      schema: {
        tags: adminTags,
        security: bearer,
        summary: 'Every signature of the agreement (withdrawn ones too), newest first',
        params: idParamsSchema,
        response: { 200: agreementSignatureListSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => agreementSignatures(ctx, request.params.id, requestLanguage(request)),
  );

  app.get(
    AGREEMENTS_API.adminAgreementSignaturesCsv(':id'),
    {
      onRequest: admin,
      schema: {
        tags: adminTags,
        security: bearer,
        summary: 'The same signatures as CSV',
        params: idParamsSchema,
        response: {
          200: {
            description: 'CSV',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const csv = await agreementSignaturesCsv(ctx, request.params.id, requestLanguage(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="agreement-${request.params.id}-signatures.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    AGREEMENTS_API.accountAgreements,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "The signed-in family's agreements (per child for per-child ones): the latest signature and whether the current version is due",
        response: { 200: accountAgreementListSchema, ...errorResponses(401) },
      },
    },
    (request) => accountAgreements(ctx, viewerOf(request).id, requestLanguage(request)),
  );

  app.post(
    AGREEMENTS_API.signatures,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Signs the current version of an agreement with a typed full name and "I agree", for the family or one of its children (201; 200 when already signed)',
        body: signAgreementBodySchema,
        response: {
          200: agreementSignatureDocumentSchema,
          201: agreementSignatureDocumentSchema,
          ...errorResponses(401, 422),
        },
      },
    },
    async (request, reply) => {
      const { data, created } = await signAgreement(
        ctx,
        viewerOf(request),
        {
          agreementVersionId: request.body.agreement_version_id,
          attendeeProfileId: request.body.attendee_profile_id ?? null,
          signerName: request.body.signer_name,
        },
        request.ip,
        requestLanguage(request),
      );
      return reply.code(created ? 201 : 200).send({ data });
    },
  );

  app.get(
    AGREEMENTS_API.signature(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'A signed copy: the exact text signed, who signed, when, from where (the family; admins any)',
        params: idParamsSchema,
        response: { 200: agreementSignatureDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => signatureCopy(ctx, viewerOf(request), request.params.id, requestLanguage(request)),
  );

  app.get(
    AGREEMENTS_API.signaturePdf(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'A signed copy as a PDF (the family; admins any)',
        params: idParamsSchema,
        response: {
          200: {
            description: 'The signed copy',
            content: { [PDF_MEDIA_TYPE]: { schema: z.string().describe('A PDF document') } },
          },
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const { data } = await signatureCopy(ctx, viewerOf(request), request.params.id, language);
      const bytes = await signaturePdf(data, language, opts.schoolName);
      return sendPdf(reply, `agreement-${data.id}.pdf`, bytes);
    },
  );

  app.delete(
    AGREEMENTS_API.signature(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "Withdraws a media release signature (the family's own): the record stays, marked withdrawn; the child's work is seen by the family and staff only",
        params: idParamsSchema,
        response: { 200: agreementSignatureDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) =>
      withdrawSignature(ctx, viewerOf(request), request.params.id, requestLanguage(request)),
  );
};

export const agreementsRoutes = fp(registerAgreementsRoutes, {
  name: 'agreements',
  dependencies: ['db', 'auth'],
  encapsulate: true,
});
