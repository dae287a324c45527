import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { plainResourceObjectSchema } from '../common/json-api';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import { userResourceSchema, userSchema } from '../users/users.schemas';
import { USER_GROUP_MAX_ADDED, USER_GROUP_NAME_MAX_LENGTH } from './user-groups.constants';

// User groups (docs/product.md#coupons-and-user-groups): named sets of accounts that teachers
// and admins keep, so a coupon can be offered to them only.

export const userGroupFieldsSchema = z.object({
  /** Unique whatever its case: "Scholarship" and "scholarship" would be one group to people. */
  name: textSchema({ min: 1, max: USER_GROUP_NAME_MAX_LENGTH }),
});
export type UserGroupFields = z.infer<typeof userGroupFieldsSchema>;

/** POST /api/v2/user_groups and PUT /api/v2/user_groups/{id}. */
export const userGroupBodySchema = z.object({ user_group: userGroupFieldsSchema });
export type UserGroupBody = z.input<typeof userGroupBodySchema>;

/** GET /api/v2/user_groups query: a page, optionally only names containing `search`. */
export const userGroupListQuerySchema = pageQuerySchema.extend({
  search: textSchema({ max: 100 }).optional(),
});
export type UserGroupListQuery = z.input<typeof userGroupListQuerySchema>;

/** `{id}` of a group and `{user_id}` of one of its members. */
export const userGroupMemberParamsSchema = z.object({ id: idSchema, user_id: idSchema });

/** POST /api/v2/user_groups/{id}/members: accounts to add; those already in stay in once. */
export const addUserGroupMembersBodySchema = z.object({
  user_ids: z
    .array(idSchema)
    .min(1, 'Choose at least one person')
    .max(USER_GROUP_MAX_ADDED, `At most ${USER_GROUP_MAX_ADDED} at a time`),
});
export type AddUserGroupMembersBody = z.input<typeof addUserGroupMembersBodySchema>;

export const userGroupAttributesSchema = z.object({
  name: z.string(),
  members_count: z.number().int(),
  /** Coupons kept for the group: while there are any, it cannot be deleted. */
  coupons_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserGroupAttributes = z.infer<typeof userGroupAttributesSchema>;

export const userGroupResourceSchema = plainResourceObjectSchema(
  'user_groups',
  userGroupAttributesSchema,
);
export type UserGroupResource = z.infer<typeof userGroupResourceSchema>;

export const userGroupDocumentSchema = z.object({ data: userGroupResourceSchema });
export type UserGroupDocument = z.infer<typeof userGroupDocumentSchema>;

export const userGroupListDocumentSchema = z.object({
  data: z.array(userGroupResourceSchema),
  meta: pageMetaSchema,
});
export type UserGroupListDocument = z.infer<typeof userGroupListDocumentSchema>;

/** GET /api/v2/user_groups/{id}/members: a page of the group's accounts, by name. */
export const userGroupMemberListDocumentSchema = z.object({
  data: z.array(userResourceSchema),
  meta: pageMetaSchema,
});
export type UserGroupMemberListDocument = z.infer<typeof userGroupMemberListDocumentSchema>;

/** A user group as the web holds it after `flatten`. */
export const userGroupSchema = userGroupAttributesSchema.extend({
  id: z.string(),
  type: z.literal('user_groups'),
});
export type UserGroup = z.infer<typeof userGroupSchema>;

/** A member as the web holds it after `flatten`: a user. */
export const userGroupMemberSchema = userSchema;
export type UserGroupMember = z.infer<typeof userGroupMemberSchema>;
