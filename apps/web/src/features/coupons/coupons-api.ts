import { CLASSES_API, couponResource, USER_GROUPS_API } from '@atelier/contract';
import { z } from 'zod';
import { api } from '../../lib/api';
import { type ResourceListArgs, resourceEndpoints } from '../../lib/resource-api';

export type CouponListArgs = ResourceListArgs<typeof couponResource>;
/** A group or programme a coupon can be kept for, as the form's choices show it. */
export type CouponScopeOption = { id: string; name: string };

const LIST = 'LIST';

/** Just the ids and names of a list document's resources. */
const namesDocumentSchema = z.object({
  data: z.array(z.object({ id: z.string(), attributes: z.object({ name: z.string() }) })),
});
const namesOf = (raw: unknown): CouponScopeOption[] =>
  namesDocumentSchema.parse(raw).data.map((r) => ({ id: r.id, name: r.attributes.name }));

/** Coupons (docs/product.md#coupons-and-user-groups): the resource kit's endpoints. */
export const couponHooks = resourceEndpoints(couponResource, {
  // A group shows how many coupons are kept for it.
  alsoInvalidates: { create: ['UserGroup'], update: ['UserGroup'], delete: ['UserGroup'] },
});
export const {
  useListQuery: useCouponsQuery,
  useCreateMutation: useCreateCouponMutation,
  useUpdateMutation: useUpdateCouponMutation,
} = couponHooks;

/**
 * The choices a coupon's form offers: the user groups, and the published programmes (the
 * catalogue, which teachers may read too).
 */
export const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    couponUserGroupOptions: build.query<CouponScopeOption[], void>({
      query: () => ({ url: USER_GROUPS_API.userGroups, params: { page: 1 } }),
      transformResponse: namesOf,
      providesTags: [{ type: 'UserGroup', id: LIST }],
    }),
    couponProgrammeOptions: build.query<CouponScopeOption[], void>({
      query: () => ({ url: CLASSES_API.catalogue, params: { page: 1 } }),
      transformResponse: namesOf,
    }),
  }),
});

export const { useCouponUserGroupOptionsQuery, useCouponProgrammeOptionsQuery } = couponsApi;
