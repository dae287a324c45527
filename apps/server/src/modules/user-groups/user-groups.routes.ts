import {
  addUserGroupMembersBodySchema,
  idParamsSchema,
  pageQuerySchema,
  USER_GROUPS_API,
  userGroupDocumentSchema,
  userGroupMemberListDocumentSchema,
  userGroupMemberParamsSchema,
  userGroupResource,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../lib/http';
import { resourceRoutes } from '../../lib/resource-routes';
import { requireRole } from '../users';
import {
  addMembers,
  createUserGroup,
  deleteUserGroup,
  getUserGroup,
  listMembers,
  listUserGroups,
  removeMember,
  renameUserGroup,
  type UserGroupsContext,
} from './user-groups.service';

const tags = ['user groups (staff)'];

/** User groups (the resource kit) and their members: teachers and admins (docs/product.md#coupons-and-user-groups). */
export type UserGroupsRouteOptions = Pick<UserGroupsContext, 'couponsPerGroup'>;

const registerUserGroupsRoutes: FastifyPluginAsyncZod<UserGroupsRouteOptions> = async (
  app,
  opts,
) => {
  const ctx: UserGroupsContext = {
    db: app.db,
    avatarUrl: (key) => app.images.urls(key).thumbUrl,
    couponsPerGroup: opts.couponsPerGroup,
  };
  // Before validation: a guest hears 401 and a student 403 whatever they sent.
  const staff = { onRequest: requireRole('teacher', 'admin') };

  resourceRoutes(app, userGroupResource, {
    guard: staff.onRequest,
    tags,
    summaries: {
      list: 'A page of user groups by name, each with its member and coupon counts',
      create: 'Create a user group; its name is unique whatever its case',
      get: 'One user group',
      update: 'Rename a user group',
      delete: 'Delete a user group; 409 while a coupon is kept for it',
    },
    handlers: {
      list: (query) => listUserGroups(ctx, query),
      create: (fields) => createUserGroup(ctx, fields),
      get: (id) => getUserGroup(ctx, id),
      update: (id, fields) => renameUserGroup(ctx, id, fields),
      delete: (id) => deleteUserGroup(ctx, id),
    },
    moreErrors: { delete: [409] },
  });

  // The members: routes of their own beside the kit's.
  app.get(
    USER_GROUPS_API.members(':id'),
    {
      ...staff,
      schema: {
        tags,
        summary: "A page of a user group's members, by name",
        security: bearer,
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: userGroupMemberListDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => listMembers(ctx, request.params.id, request.query),
  );

  app.post(
    USER_GROUPS_API.members(':id'),
    {
      ...staff,
      schema: {
        tags,
        summary: 'Add accounts to a user group (those already in stay in once); answers the group',
        security: bearer,
        params: idParamsSchema,
        body: addUserGroupMembersBodySchema,
        response: { 200: userGroupDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => addMembers(ctx, request.params.id, request.body.user_ids),
  );

  app.delete(
    USER_GROUPS_API.member(':id', ':user_id'),
    {
      ...staff,
      schema: {
        tags,
        summary: 'Take one account out of a user group',
        security: bearer,
        params: userGroupMemberParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      await removeMember(ctx, request.params.id, request.params.user_id);
      return reply.code(204).send(null);
    },
  );
};

export const userGroupsRoutes = fp(registerUserGroupsRoutes, {
  name: 'user-groups',
  dependencies: ['db', 'storage', 'auth'],
  encapsulate: true,
});
