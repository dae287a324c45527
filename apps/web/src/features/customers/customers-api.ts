import {
  CUSTOMERS_API,
  type Customer,
  type CustomerBody,
  type CustomerDetail,
  customerDetailSchema,
  customerSchema,
  type GuestCustomer,
  type GuestCustomerBody,
  type GuestCustomerDetail,
  guestCustomerDetailSchema,
  guestCustomerSchema,
  parseDocument,
  type WalkInOrderBody,
  type WalkInOrderDocument,
  walkInOrderDocumentSchema,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';
import { type Paged, parsePaged } from '../../lib/paged-list';

export type CustomerListArgs = { page: number; search?: string };

const LIST = 'LIST';

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
    guestCustomers: build.query<Paged<GuestCustomer>, CustomerListArgs>({
      query: ({ page, search }) => ({
        url: CUSTOMERS_API.guestCustomers,
        params: { page, ...(search ? { search } : {}) },
      }),
      transformResponse: (raw: unknown) => parsePaged(z.array(guestCustomerSchema), raw),
      providesTags: (result) => [
        { type: 'GuestCustomer', id: LIST },
        ...(result?.items ?? []).map((c) => ({ type: 'GuestCustomer' as const, id: c.id })),
      ],
      onQueryStarted: reportLoadFailure,
    }),
    guestCustomer: build.query<GuestCustomerDetail, string>({
      query: (id) => CUSTOMERS_API.guestCustomer(id),
      transformResponse: (raw: unknown) => parseDocument(guestCustomerDetailSchema, raw),
      providesTags: (_result, _error, id) => [{ type: 'GuestCustomer', id }],
    }),
    createGuestCustomer: build.mutation<GuestCustomerDetail, GuestCustomerBody['guest_customer']>({
      query: (fields) => ({
        url: CUSTOMERS_API.guestCustomers,
        method: 'POST',
        data: { guest_customer: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(guestCustomerDetailSchema, raw),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'GuestCustomer', id: LIST }]),
    }),
    updateGuestCustomer: build.mutation<
      GuestCustomerDetail,
      { id: string; fields: GuestCustomerBody['guest_customer'] }
    >({
      query: ({ id, fields }) => ({
        url: CUSTOMERS_API.guestCustomer(id),
        method: 'PUT',
        data: { guest_customer: fields },
      }),
      transformResponse: (raw: unknown) => parseDocument(guestCustomerDetailSchema, raw),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'GuestCustomer', id },
              { type: 'GuestCustomer', id: LIST },
            ],
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
      // Seats change with the booking; the order lists of staff show it too.
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'GuestCustomer', id },
              { type: 'GuestCustomer', id: LIST },
              'Order',
              'KlassGroupSchedule',
            ],
    }),
  }),
});

export const {
  useCustomersQuery,
  useCustomerQuery,
  useUpdateCustomerMutation,
  useGuestCustomersQuery,
  useGuestCustomerQuery,
  useCreateGuestCustomerMutation,
  useUpdateGuestCustomerMutation,
  useBookWalkInMutation,
} = customersApi;
