import {
  CLASSES_API,
  COUPONS_API,
  type CouponFields,
  couponFlatSchema,
  type FlatCoupon,
  parseDocument,
  USER_GROUPS_API,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';
import { type Paged, parsePaged } from '../../lib/paged-list';

export type CouponListArgs = { page: number; search?: string };
/** A group or programme a coupon can be kept for, as the form's choices show it. */
export type CouponScopeOption = { id: string; name: string };

const LIST = 'LIST';

/** Just the ids and names of a list document's resources. */
const namesDocumentSchema = z.object({
  data: z.array(z.object({ id: z.string(), attributes: z.object({ name: z.string() }) })),
});
const namesOf = (raw: unknown): CouponScopeOption[] =>
  namesDocumentSchema.parse(raw).data.map((r) => ({ id: r.id, name: r.attributes.name }));

/**
 * Coupons (docs/product.md#coupons-and-user-groups) and the choices their form offers: the user
 * groups, and the published programmes (the catalogue, which teachers may read too).
 */
export const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    coupons: build.query<Paged<FlatCoupon>, CouponListArgs>({
      query: ({ page, search }) => ({
        url: COUPONS_API.coupons,
        params: { page, ...(search ? { search } : {}) },
      }),
      transformResponse: (raw: unknown) => parsePaged(z.array(couponFlatSchema), raw),
      providesTags: (result) => [
        { type: 'Coupon', id: LIST },
        ...(result?.items ?? []).map((c) => ({ type: 'Coupon' as const, id: c.id })),
      ],
      onQueryStarted: reportLoadFailure,
    }),
    createCoupon: build.mutation<FlatCoupon, CouponFields>({
      query: (fields) => ({ url: COUPONS_API.coupons, method: 'POST', data: { coupon: fields } }),
      transformResponse: (raw: unknown) => parseDocument(couponFlatSchema, raw),
      // A group shows how many coupons are kept for it.
      invalidatesTags: (_result, error) =>
        error ? [] : [{ type: 'Coupon', id: LIST }, 'UserGroup'],
    }),
    updateCoupon: build.mutation<FlatCoupon, { id: string; fields: CouponFields }>({
      query: ({ id, fields }) => ({
        url: COUPONS_API.coupon(id),
        method: 'PUT',
        data: { coupon: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(couponFlatSchema, raw),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Coupon', id }, 'UserGroup'],
    }),
    deleteCoupon: build.mutation<void, string>({
      query: (id) => ({ url: COUPONS_API.coupon(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) =>
        error ? [] : [{ type: 'Coupon', id: LIST }, 'UserGroup'],
    }),
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

export const {
  useCouponsQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
  useDeleteCouponMutation,
  useCouponUserGroupOptionsQuery,
  useCouponProgrammeOptionsQuery,
} = couponsApi;
