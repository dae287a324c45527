import { z } from 'zod';
import { defineResource } from '../common/resource';
import { USER_GROUPS_API } from './user-groups.paths';
import {
  userGroupAttributesSchema,
  userGroupDocumentSchema,
  userGroupFieldsSchema,
  userGroupListDocumentSchema,
  userGroupListQuerySchema,
  userGroupSchema,
} from './user-groups.schemas';

/**
 * User groups as a staff-managed resource (docs/architecture.md#adding-a-resource); their members
 * are routes of their own beside the kit's.
 */
export const userGroupResource = defineResource({
  name: 'user_group',
  type: 'user_groups',
  paths: { collection: USER_GROUPS_API.userGroups, member: USER_GROUPS_API.userGroup },
  fields: { name: { kind: 'text', label: 'userGroups.name', required: true } },
  attributes: userGroupAttributesSchema,
  create: userGroupFieldsSchema,
  listQuery: userGroupListQuerySchema,
  documents: { list: userGroupListDocumentSchema, member: userGroupDocumentSchema },
  flat: { list: z.array(userGroupSchema), member: userGroupSchema },
});
