import {
  ADMIN_ORDERS_API,
  type AdminOrder,
  type AdminOrderSummary,
  adminOrderDocumentSchema,
  adminOrderListDocumentSchema,
  CLASSES_API,
  type DirectRefundBody,
  orderRefundsDocumentSchema,
  REFUNDS_API,
  type RefundDecisionBody,
  type RefundMethod,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';
import type { Paged } from '../../lib/paged-list';

/** The list's filters as the page keeps them; empty ones are left out of the request. */
export type OrderFilters = {
  status: string;
  from: string;
  to: string;
  klassGroupId: string;
  search: string;
};
export type AdminOrderListArgs = OrderFilters & { page: number };
export type ProgrammeOption = { id: string; name: string };

const LIST = 'LIST';

/** The query the server takes (ADMIN_ORDERS_API.orders), without the empty filters. */
export function listParams(
  args: OrderFilters & { page?: number },
): Record<string, string | number> {
  return {
    ...(args.page ? { page: args.page } : {}),
    ...(args.status ? { status: args.status } : {}),
    ...(args.from ? { from: args.from } : {}),
    ...(args.to ? { to: args.to } : {}),
    ...(args.klassGroupId ? { klass_group_id: args.klassGroupId } : {}),
    ...(args.search ? { search: args.search } : {}),
  };
}

const flat = <A extends object>(r: { id: string; type: 'orders'; attributes: A }) => ({
  ...r.attributes,
  id: r.id,
  type: r.type,
});

const namesDocumentSchema = z.object({
  data: z.array(z.object({ id: z.string(), attributes: z.object({ name: z.string() }) })),
});

/**
 * Order management (docs/product.md#order-management): every order for admins, an order's
 * detail, cancelling, the CSV export, and deciding refunds through the refunds API.
 */
export const orderManagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminOrders: build.query<Paged<AdminOrderSummary>, AdminOrderListArgs>({
      query: (args) => ({ url: ADMIN_ORDERS_API.orders, params: listParams(args) }),
      transformResponse: (raw: unknown) => {
        const document = adminOrderListDocumentSchema.parse(raw);
        return { items: document.data.map(flat), meta: document.meta };
      },
      providesTags: (result) => [
        { type: 'Order', id: LIST },
        ...(result?.items ?? []).map((o) => ({ type: 'Order' as const, id: o.id })),
      ],
      onQueryStarted: reportLoadFailure,
    }),
    adminOrder: build.query<AdminOrder, string>({
      query: (id) => ({ url: ADMIN_ORDERS_API.order(id) }),
      transformResponse: (raw: unknown) => flat(adminOrderDocumentSchema.parse(raw).data),
      providesTags: (_result, _error, id) => [
        { type: 'Order', id },
        { type: 'Refund', id: `order-${id}` },
      ],
    }),
    cancelAdminOrder: build.mutation<AdminOrder, string>({
      query: (id) => ({ url: ADMIN_ORDERS_API.cancel(id), method: 'POST' }),
      transformResponse: (raw: unknown) => flat(adminOrderDocumentSchema.parse(raw).data),
      invalidatesTags: (_result, error, id) =>
        error
          ? []
          : [
              { type: 'Order', id },
              { type: 'Order', id: LIST },
            ],
    }),
    /** Every order of the filters as CSV text, for a download: asked for when clicked, never kept. */
    adminOrdersCsv: build.query<string, OrderFilters>({
      query: (filters) => ({
        url: ADMIN_ORDERS_API.orders,
        params: { ...listParams(filters), format: 'csv' },
      }),
      transformResponse: (raw: unknown) => (typeof raw === 'string' ? raw : String(raw ?? '')),
      keepUnusedDataFor: 0,
    }),
    /**
     * The ways an order's money may go back and the most each may still return, the default
     * first (the refunds API's answer for the order).
     */
    orderRefundMethods: build.query<{ method: RefundMethod; max: number }[], string>({
      query: (id) => ({ url: REFUNDS_API.orderRefunds(id) }),
      transformResponse: (raw: unknown) =>
        orderRefundsDocumentSchema.parse(raw).data.attributes.refund_methods,
      providesTags: (_result, _error, id) => [
        { type: 'Order', id },
        { type: 'Refund', id: `order-${id}` },
      ],
    }),
    decideRefundRequest: build.mutation<
      unknown,
      { orderId: string; requestId: string; body: RefundDecisionBody }
    >({
      query: ({ requestId, body }) => ({
        url: REFUNDS_API.adminRefundRequest(requestId),
        method: 'PUT',
        data: body,
      }),
      invalidatesTags: (_result, error, { orderId }) =>
        error
          ? []
          : [
              { type: 'Order', id: orderId },
              { type: 'Order', id: LIST },
            ],
    }),
    refundOrder: build.mutation<unknown, { orderId: string; body: DirectRefundBody }>({
      query: ({ orderId, body }) => ({
        url: REFUNDS_API.adminOrderRefunds(orderId),
        method: 'POST',
        data: body,
      }),
      invalidatesTags: (_result, error, { orderId }) =>
        error
          ? []
          : [
              { type: 'Order', id: orderId },
              { type: 'Order', id: LIST },
            ],
    }),
    /** The programmes the filter offers: the catalogue's first page, by name. */
    orderProgrammeOptions: build.query<ProgrammeOption[], void>({
      query: () => ({ url: CLASSES_API.catalogue, params: { page: 1 } }),
      transformResponse: (raw: unknown) =>
        namesDocumentSchema.parse(raw).data.map((r) => ({ id: r.id, name: r.attributes.name })),
    }),
  }),
});

export const {
  useAdminOrdersQuery,
  useAdminOrderQuery,
  useCancelAdminOrderMutation,
  useLazyAdminOrdersCsvQuery,
  useDecideRefundRequestMutation,
  useRefundOrderMutation,
  useOrderRefundMethodsQuery,
  useOrderProgrammeOptionsQuery,
} = orderManagementApi;
