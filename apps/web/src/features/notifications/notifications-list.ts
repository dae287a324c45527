import { FIRST_PAGE, type Notification } from '@atelier/contract';

/**
 * The notifications list as its cache entry holds it (docs/product.md#client-state): the items
 * merged by id, newest first; the next page to fetch (from 1, advanced after each non-empty
 * page); and how many the last fetched page held, which tells the dialog a short page was the end.
 */
export type NotificationsList = {
  items: Notification[];
  nextPage: number;
  lastPageSize: number;
};

export const EMPTY_NOTIFICATIONS_LIST: NotificationsList = {
  items: [],
  nextPage: FIRST_PAGE,
  lastPageSize: 0,
};

function byNewestFirst(a: Notification, b: Notification): number {
  const diff = Date.parse(b.created_at) - Date.parse(a.created_at);
  if (diff !== 0) return diff;
  // Same instant: the later-created row has the larger (numeric) id.
  return b.id.localeCompare(a.id, 'en', { numeric: true });
}

/** docs/product.md#client-state: merged by id (the incoming copy wins), newest first. */
export function mergeNotifications(
  current: Notification[],
  incoming: Notification[],
): Notification[] {
  const byId = new Map(current.map((n) => [n.id, n]));
  for (const n of incoming) byId.set(n.id, n);
  return [...byId.values()].sort(byNewestFirst);
}

/** A fetched page of `page` merged into the list: a non-empty one advances the page counter. */
export function withPage(
  list: NotificationsList,
  page: number,
  items: Notification[],
): NotificationsList {
  if (items.length === 0) return { ...list, lastPageSize: 0 };
  return {
    items: mergeNotifications(list.items, items),
    nextPage: Math.max(list.nextPage, page + 1),
    lastPageSize: items.length,
  };
}

/** A live message merged in like a fetched one; it does not count as a fetched page. */
export function withLive(list: NotificationsList, notification: Notification): NotificationsList {
  return { ...list, items: mergeNotifications(list.items, [notification]) };
}

/** Whether marking `id` read changes anything: it is listed and unread (the count follows). */
export function isListedUnread(list: NotificationsList | undefined, id: string): boolean {
  return list?.items.some((n) => n.id === id && !n.read) ?? false;
}

/** Read goes false to true for the listed notification with `id`. */
export function withRead(list: NotificationsList, id: string): NotificationsList {
  return { ...list, items: list.items.map((n) => (n.id === id ? { ...n, read: true } : n)) };
}

export function withAllRead(list: NotificationsList): NotificationsList {
  return { ...list, items: list.items.map((n) => (n.read ? n : { ...n, read: true })) };
}
