import {
  CUSTOMERS_API,
  type Customer,
  type CustomerBody,
  type CustomerDetail,
  customerDetailSchema,
  customerSchema,
  guestCustomerResource,
  parseDocument,
  type WalkInOrderBody,
  type WalkInOrderDocument,
  type WalkInPriceDocument,
  type WalkInPriceQuery,
  walkInOrderDocumentSchema,
  walkInPriceDocumentSchema,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';
import { type Paged, parsePaged } from '../../lib/paged-list';
import { resourceEndpoints } from '../../lib/resource-api';
import { guestLedgerTag } from '../ledger';

export type CustomerListArgs = { page: number; search?: string };

const LIST = 'LIST';

const guestCustomerEndpoints = resourceEndpoints(guestCustomerResource);

/** Walk-in customers: the resource kit's endpoints, but delete (walk-ins are never deleted). */
export const guestCustomerHooks = {
  useListQuery: guestCustomerEndpoints.useListQuery,
  useGetQuery: guestCustomerEndpoints.useGetQuery,
  useCreateMutation: guestCustomerEndpoints.useCreateMutation,
  useUpdateMutation: guestCustomerEndpoints.useUpdateMutation,
};
export const {
  useListQuery: useGuestCustomersQuery,
  useGetQuery: useGuestCustomerQuery,
  useCreateMutation: useCreateGuestCustomerMutation,
  useUpdateMutation: useUpdateGuestCustomerMutation,
} = guestCustomerHooks;

/**
 * Customers and walk-in customers (docs/product.md#customers): admins only. JSON:API resources,
 * flattened like every other answer; a page's lists (family, orders) are among the attributes.
 */
export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    customers: build.query<Paged<Customer>, CustomerListArgs>({
      query: ({ page, search }) => ({
        url: CUSTOMERS_API.customers,
        params: { page, ...(search ? { search } : {}) },
      }),
      transformResponse: (raw: unknown) => parsePaged(z.array(customerSchema), raw),
      providesTags: (result) => [
        { type: 'Customer', id: LIST },
        ...(result?.items ?? []).map((c) => ({ type: 'Customer' as const, id: c.id })),
      ],
      onQueryStarted: reportLoadFailure,
    }),
    customer: build.query<CustomerDetail, string>({
      query: (id) => CUSTOMERS_API.customer(id),
      transformResponse: (raw: unknown) => parseDocument(customerDetailSchema, raw),
      providesTags: (_result, _error, id) => [{ type: 'Customer', id }],
    }),
    updateCustomer: build.mutation<
      CustomerDetail,
      { id: string; fields: CustomerBody['customer'] }
    >({
      query: ({ id, fields }) => ({
        url: CUSTOMERS_API.customer(id),
        method: 'PUT',
        data: { customer: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(customerDetailSchema, raw),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Customer', id },
              { type: 'Customer', id: LIST },
            ],
    }),
    // Priced as the walk-in (their coupon uses, no user group), never as the signed-in staff
    // member, whose groups the guest pricing call would apply. Not cached past the dialog: a
    // coupon's uses change with every booking.
    walkInPrice: build.query<
      WalkInPriceDocument['data']['attributes'],
      { id: string; query: WalkInPriceQuery }
    >({
      query: ({ id, query }) => ({ url: CUSTOMERS_API.guestCustomerPrice(id), params: query }),
      transformResponse: (raw: unknown) => walkInPriceDocumentSchema.parse(raw).data.attributes,
      keepUnusedDataFor: 0,
    }),
    bookWalkIn: build.mutation<
      WalkInOrderDocument,
      { id: string; order: WalkInOrderBody['order'] }
    >({
      query: ({ id, order }) => ({
        url: CUSTOMERS_API.guestCustomerOrders(id),
        method: 'POST',
        data: { order },
      }),
      transformResponse: (raw: unknown) => walkInOrderDocumentSchema.parse(raw),
      // Seats change with the booking; the order lists of staff show it too, and the walk-in's
      // statement its charge (and, paid at the desk, its payment).
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'GuestCustomer', id },
              { type: 'GuestCustomer', id: LIST },
              'Order',
              'KlassGroupSchedule',
              guestLedgerTag(id),
              // Agreements ticked as signed on paper join their signature lists.
              'Agreement',
            ],
    }),
  }),
});

export const {
  useCustomersQuery,
  useCustomerQuery,
  useUpdateCustomerMutation,
  useBookWalkInMutation,
  useWalkInPriceQuery,
} = customersApi;
