import { FIRST_PAGE, type Order } from '@atelier/contract';
import { mergeById, replaceById } from '../../lib/merge-by-id';
import type { Paged } from '../../lib/paged-list';

// One's two lists of orders as their cache entries hold them (docs/product.md#client-state):
// pending and purchased, each merged page by page ("Load more").

/** Statuses of a bought order: what the purchased list holds. */
const PURCHASED = new Set<Order['status']>(['paid', 'refunded', 'partially_refunded']);

export function isPurchased(order: Order): boolean {
  return PURCHASED.has(order.status);
}

/** A fetched page merged into its list: a first page replaces it, a later page adds to it. */
export function withOrdersPage(
  current: Paged<Order>,
  incoming: Paged<Order>,
  page: number,
): Paged<Order> {
  if (page <= FIRST_PAGE) return incoming;
  return { items: mergeById(current.items, incoming.items), meta: incoming.meta };
}

/** Orders added (an order already listed is replaced rather than listed twice). */
export function withOrders(list: Paged<Order>, orders: Order[]): Paged<Order> {
  const added = orders.filter((o) => !list.items.some((listed) => listed.id === o.id)).length;
  return {
    items: mergeById(list.items, orders),
    meta: { ...list.meta, total: list.meta.total + added },
  };
}

/** The order replaces the listed one with its id; an order not listed is ignored. */
export function withOrderUpdated(list: Paged<Order>, order: Order): Paged<Order> {
  return { ...list, items: replaceById(list.items, order) };
}

/** The order with `id` leaves the list. */
export function withoutOrder(list: Paged<Order>, id: string): Paged<Order> {
  if (!list.items.some((o) => o.id === id)) return list;
  return {
    items: list.items.filter((o) => o.id !== id),
    meta: { ...list.meta, total: Math.max(0, list.meta.total - 1) },
  };
}

/** A list that starts with `orders`, for an order learnt before its list was fetched. */
export function listOf(orders: Order[]): Paged<Order> {
  return {
    items: orders,
    meta: { page: FIRST_PAGE, per_page: Math.max(1, orders.length), total: orders.length },
  };
}
