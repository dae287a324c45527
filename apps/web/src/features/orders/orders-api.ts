import {
  IDEMPOTENCY_KEY_HEADER,
  ORDERS_API,
  type Order,
  orderSchema,
  parseDocument,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';
import { type Paged, parsePaged } from '../../lib/paged-list';

/** Which of one's orders a list shows: waiting for payment, or bought (paid or refunded). */
export type OrderListStatus = 'pending' | 'purchased';
export type OrderListArgs = { status: OrderListStatus; page: number };

const orderTag = (id: string) => ({ type: 'Order' as const, id });
const LIST = 'LIST';

function parseOrder(raw: unknown): Order {
  return parseDocument(orderSchema, raw);
}

/**
 * The orders endpoints (docs/product.md#checkout-and-orders). The orders slice follows their
 * results by endpoint name (orders-slice.ts), so the store never imports this file and zod stays
 * off a first visit.
 */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v2/orders?status=&page=: a page of one's own orders. */
    orders: build.query<Paged<Order>, OrderListArgs>({
      query: ({ status, page }) => ({ url: ORDERS_API.orders, params: { status, page } }),
      transformResponse: (raw: unknown) => parsePaged(z.array(orderSchema), raw),
      providesTags: (result) => [
        { type: 'Order', id: LIST },
        ...(result?.items ?? []).map((o) => orderTag(o.id)),
      ],
      onQueryStarted: reportLoadFailure,
    }),
    /** GET /api/v2/orders/{id}: one order (checkout polls it until the payment is applied). */
    order: build.query<Order, string>({
      query: (id) => ORDERS_API.order(id),
      transformResponse: parseOrder,
      providesTags: (_result, _error, id) => [orderTag(id)],
    }),
    /**
     * POST /api/v2/orders: the cart becomes a pending order holding its seats. The key is the
     * caller's, kept across a reload or a retry, so the server answers the same order again
     * instead of making a second one (docs/decisions/029-checkout-auto-submit-and-payment-form.md).
     */
    placeOrder: build.mutation<Order, { idempotencyKey: string }>({
      query: ({ idempotencyKey }) => ({
        url: ORDERS_API.orders,
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      transformResponse: parseOrder,
      invalidatesTags: [{ type: 'Order', id: LIST }],
    }),
    /** DELETE /api/v2/orders/{id}: cancels a pending order; its seats go back. */
    cancelOrder: build.mutation<void, string>({
      query: (id) => ({ url: ORDERS_API.order(id), method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, _error, id) => [{ type: 'Order', id: LIST }, orderTag(id)],
    }),
  }),
});

export const {
  useOrdersQuery,
  useOrderQuery,
  useLazyOrderQuery,
  usePlaceOrderMutation,
  useCancelOrderMutation,
} = ordersApi;
