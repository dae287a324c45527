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
import {
  isPurchased,
  listOf,
  withOrders,
  withOrdersPage,
  withOrderUpdated,
  withoutOrder,
} from './order-lists';
import { orderLeft, selectedOrderIdSet } from './orders-slice';

/** Which of one's orders a list shows: waiting for payment, or bought (paid or refunded). */
export type OrderListStatus = 'pending' | 'purchased';
export type OrderListArgs = { status: OrderListStatus; page: number };

const orderTag = (id: string) => ({ type: 'Order' as const, id });
const LIST = 'LIST';

function parseOrder(raw: unknown): Order {
  return parseDocument(orderSchema, raw);
}

// biome-ignore lint/suspicious/noExplicitAny: RTK Query's lifecycle dispatch is typed against the api's own state
type Dispatch = (action: any) => unknown;
// biome-ignore lint/suspicious/noExplicitAny: the lifecycle's state is the app's, which holds the api
type GetState = () => any;

/** Either list's entry, whatever page it was last asked for (one entry per status). */
const listArg = (status: OrderListStatus): OrderListArgs => ({ status, page: 1 });

/**
 * An order learnt from an answer goes into the list its status belongs in and leaves the other
 * (docs/product.md#client-state): a pending one is added to the pending list (a list not fetched
 * yet starts with it), a bought one replaces its copy in the purchased list or joins it.
 */
function fileOrder(dispatch: Dispatch, getState: GetState, order: Order): void {
  const patch = (status: OrderListStatus, change: (list: Paged<Order>) => Paged<Order>) => {
    const listed = ordersApi.endpoints.orders.select(listArg(status))(getState()).data;
    if (listed) dispatch(ordersApi.util.updateQueryData('orders', listArg(status), change));
    else {
      const started = change(listOf([]));
      if (started.items.length === 0) return;
      dispatch(
        ordersApi.util.upsertQueryEntries([
          { endpointName: 'orders', arg: listArg(status), value: started },
        ]),
      );
    }
  };
  if (order.status === 'pending') patch('pending', (list) => withOrders(list, [order]));
  else patch('pending', (list) => withoutOrder(list, order.id));
  if (isPurchased(order)) {
    patch('purchased', (list) =>
      list.items.some((o) => o.id === order.id)
        ? withOrderUpdated(list, order)
        : withOrders(list, [order]),
    );
  }
}

/** The answer of a mutation or a query, or null when it failed (its caller hears of that). */
async function answerOf<T>(queryFulfilled: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await queryFulfilled).data;
  } catch {
    return null;
  }
}

/**
 * The orders endpoints (docs/product.md#checkout-and-orders) and the one home of one's orders
 * (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md): each list (pending,
 * purchased) is one entry merged page by page, and what an answer says of an order is filed into
 * them; the selected order is the orders slice's.
 */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v2/orders?status=&page=: a page of one's own orders. */
    orders: build.query<Paged<Order>, OrderListArgs>({
      query: ({ status, page }) => ({ url: ORDERS_API.orders, params: { status, page } }),
      transformResponse: (raw: unknown) => parsePaged(z.array(orderSchema), raw),
      // One entry per list whatever page is asked for: a first page replaces it, a later page
      // ("Load more") adds to it.
      serializeQueryArgs: ({ endpointName, queryArgs }) => `${endpointName}(${queryArgs.status})`,
      merge: (current, incoming, { arg }) => withOrdersPage(current, incoming, arg.page),
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.page !== previousArg?.page,
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
      async onQueryStarted(_id, { dispatch, getState, queryFulfilled }) {
        const order = await answerOf(queryFulfilled);
        if (order) fileOrder(dispatch, getState, order);
      },
    }),
    /**
     * POST /api/v2/orders: the cart becomes a pending order holding its seats. The key is the
     * caller's, kept across a reload or a retry, so the server answers the same order again
     * instead of making a second one (docs/decisions/029-checkout-auto-submit-and-payment-form.md).
     */
    placeOrder: build.mutation<
      Order,
      {
        idempotencyKey: string;
        /** Month plans paid monthly (docs/decisions/075-monthly-tuition-and-billing-runs.md). */
        monthly?: { cart_item_id: string; autopay: boolean }[];
      }
    >({
      query: ({ idempotencyKey, monthly }) => ({
        url: ORDERS_API.orders,
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        ...(monthly && monthly.length > 0 ? { data: { monthly } } : {}),
      }),
      transformResponse: parseOrder,
      // The answer is the order: it is pending and selected, and its own entry holds it (the
      // card form reads it there), so nothing is asked again.
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const order = await answerOf(queryFulfilled);
        if (!order) return;
        fileOrder(dispatch, getState, order);
        dispatch(selectedOrderIdSet(order.id));
      },
    }),
    /** DELETE /api/v2/orders/{id}: cancels a pending order; its seats go back. */
    cancelOrder: build.mutation<void, string>({
      query: (id) => ({ url: ORDERS_API.order(id), method: 'DELETE' }),
      transformResponse: () => undefined,
      // The canceled order leaves the pending list and the selection; nothing else changed.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          ordersApi.util.updateQueryData('orders', listArg('pending'), (list) =>
            withoutOrder(list, id),
          ),
        );
        dispatch(orderLeft(id));
      },
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
