import type { CartItem, FlatKlassGroup, Notification, Order } from '@atelier/contract';
import { type AppStore, makeStore, type RootState } from '../app/store';
import { cartApi, cartOwnerOf } from '../features/cart';
import { classesApi } from '../features/classes';
import {
  deliverLiveMessage,
  EMPTY_NOTIFICATIONS_LIST,
  mergeNotifications,
  notificationsApi,
} from '../features/notifications';
import { type OrderListStatus, ordersApi } from '../features/orders';
import { notificationResource } from './builders';

// Server data lives in RTK Query's cache (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md):
// a test that starts from a loaded cart or a fetched list puts it there, as an answer would.

/** A store with `preloaded` state whose session's cart is loaded with `items`. */
export function makeStoreWithCart(preloaded: Partial<RootState>, items: CartItem[]): AppStore {
  const store = makeStore(preloaded);
  putCart(store, items);
  return store;
}

/** The cart of the store's session, loaded with `items`. */
export function putCart(store: AppStore, items: CartItem[]): void {
  const owner = cartOwnerOf(store.getState().session.user);
  store.dispatch(
    cartApi.util.upsertQueryEntries([{ endpointName: 'cart', arg: owner, value: items }]),
  );
}

/** The notifications list as if its first page had been fetched, and the unread count. */
export function putNotifications(
  store: AppStore,
  items: Notification[],
  unreadCount?: number,
): void {
  store.dispatch(
    notificationsApi.util.upsertQueryEntries([
      {
        endpointName: 'notifications',
        arg: 1,
        value: {
          ...EMPTY_NOTIFICATIONS_LIST,
          items: mergeNotifications([], items),
          nextPage: items.length > 0 ? 2 : 1,
          lastPageSize: items.length,
        },
      },
      ...(unreadCount === undefined
        ? []
        : [{ endpointName: 'unreadCount' as const, arg: undefined, value: unreadCount }]),
    ]),
  );
}

/**
 * A live message on NotificationsChannel, handled as the subscription handles it (a paid order's
 * notice, say), without a socket.
 */
export async function deliverLiveNotification(store: AppStore, notification: Notification) {
  await deliverLiveMessage(store.dispatch, store.getState, notificationResource(notification));
}

/** One of the orders lists as if its first page had been fetched. */
export function putOrders(store: AppStore, status: OrderListStatus, orders: Order[]): void {
  store.dispatch(
    ordersApi.util.upsertQueryEntries([
      {
        endpointName: 'orders',
        arg: { status, page: 1 },
        value: { items: orders, meta: { page: 1, per_page: 20, total: orders.length } },
      },
    ]),
  );
}

/** Programmes as if each had been fetched on its own (its page, with its schedules). */
export function putKlassGroups(store: AppStore, groups: FlatKlassGroup[]): void {
  store.dispatch(
    classesApi.util.upsertQueryEntries(
      groups.map((group) => ({ endpointName: 'klassGroup' as const, arg: group.id, value: group })),
    ),
  );
}
