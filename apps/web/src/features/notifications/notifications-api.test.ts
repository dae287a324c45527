import { FIRST_PAGE } from '@atelier/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { api as appApi } from '../../lib/api';
import {
  buildNotification,
  notificationListDocument,
  notificationResource,
} from '../../testing/builders';
import { deliverLiveNotification, putNotifications } from '../../testing/cache-entries';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { type AppStore, makeStore } from '../../testing/render-with-providers';
import { deliverLiveMessage, notificationsApi, UNREAD_COUNT_TAG } from './notifications-api';
import {
  selectNotifications,
  selectNotificationsPage,
  selectUnreadCount,
} from './notifications-state';

let api: FakeApi | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
});

const older = buildNotification({ id: '1', created_at: '2024-03-01T00:00:00Z' });
const newer = buildNotification({ id: '2', created_at: '2024-03-02T00:00:00Z' });
const newest = buildNotification({ id: '3', created_at: '2024-03-03T00:00:00Z' });

/** The next page, as the dialog asks for it (its lazy hook runs this query). */
const fetchNotifications = (store: AppStore) =>
  store.dispatch(
    notificationsApi.endpoints.notifications.initiate(selectNotificationsPage(store.getState()), {
      forceRefetch: true,
    }),
  );
/** The unread count asked for again, as the top bar's entry does when its tag is invalidated. */
const fetchUnreadCount = (store: AppStore) =>
  store.dispatch(
    notificationsApi.endpoints.unreadCount.initiate(undefined, { forceRefetch: true }),
  );

describe('notifications in the cache (docs/product.md#server-calls)', () => {
  it('fetches page 1, appends it and moves to page 2; an empty page changes nothing', async () => {
    const store = makeStore();
    const pages: Record<string, unknown> = {
      '1': notificationListDocument([newest, newer]),
      '2': notificationListDocument([older], 2),
      '3': notificationListDocument([], 3),
    };
    api = fakeApi({
      'GET /api/v1/notifications': (req) => ({ data: pages[String(req.params.page)] }),
    });
    await fetchNotifications(store);
    expect(selectNotifications(store.getState()).map((n) => n.id)).toEqual(['3', '2']);
    expect(selectNotificationsPage(store.getState())).toBe(2);
    await fetchNotifications(store);
    await fetchNotifications(store);
    expect(api.requests.map((r) => r.params.page)).toEqual([1, 2, 3]);
    expect(selectNotifications(store.getState()).map((n) => n.id)).toEqual(['3', '2', '1']);
    expect(selectNotificationsPage(store.getState())).toBe(3);
    expect(selectNotifications(store.getState())[0]?.sender?.name).toBe('Grace Hopper');
  });

  it('does not start a second page fetch while one is in flight', async () => {
    const store = makeStore();
    api = fakeApi({ 'GET /api/v1/notifications': { data: notificationListDocument([older]) } });
    await Promise.all([fetchNotifications(store), fetchNotifications(store)]);
    expect(api.requests).toHaveLength(1);
    expect(selectNotificationsPage(store.getState())).toBe(2);
  });

  it('reports a failed page load through the common handler, labelled by the action', async () => {
    const store = makeStore();
    api = fakeApi({ 'GET /api/v1/notifications': { status: 503 } });
    const result = await fetchNotifications(store);
    expect(result.isError).toBe(true);
    expect(store.getState().snackbar).toEqual({
      content: '503: Load notifications',
      type: 'error',
      open: true,
    });
    expect(selectNotificationsPage(store.getState())).toBe(1);
  });

  it('reads the unread count from data', async () => {
    const store = makeStore();
    api = fakeApi({ 'GET /api/v1/notifications/unread_count': { data: { data: 4 } } });
    await fetchUnreadCount(store);
    expect(selectUnreadCount(store.getState())).toBe(4);
  });

  it('marks one read on the server, then locally', async () => {
    const store = makeStore();
    putNotifications(store, [older], 1);
    api = fakeApi({
      'PUT /api/v1/notifications/1/mark_read': {
        data: notificationResource({ ...older, read: true }),
      },
    });
    await store.dispatch(notificationsApi.endpoints.markNotificationRead.initiate('1'));
    expect(selectNotifications(store.getState())[0]?.read).toBe(true);
    expect(selectUnreadCount(store.getState())).toBe(0);
  });

  it('keeps a notification unread when marking fails, and says so', async () => {
    const store = makeStore();
    putNotifications(store, [older]);
    api = fakeApi({ 'PUT /api/v1/notifications/1/mark_read': { timeout: true } });
    await store.dispatch(notificationsApi.endpoints.markNotificationRead.initiate('1'));
    expect(selectNotifications(store.getState())[0]?.read).toBe(false);
    expect(store.getState().snackbar.content).toBe('Timeout Error');
  });

  it('marks all read on the server, then locally; a failure is labelled', async () => {
    const store = makeStore();
    putNotifications(store, [older, newer], 2);
    api = fakeApi({
      'PUT /api/v1/notifications/mark_all_read': { data: { data: null, meta: { updated: 2 } } },
    });
    await store.dispatch(notificationsApi.endpoints.markAllNotificationsRead.initiate());
    expect(selectNotifications(store.getState()).every((n) => n.read)).toBe(true);
    expect(selectUnreadCount(store.getState())).toBe(0);
    api.restore();
    api = fakeApi({ 'PUT /api/v1/notifications/mark_all_read': { status: 404 } });
    await store.dispatch(notificationsApi.endpoints.markAllNotificationsRead.initiate());
    expect(store.getState().snackbar.content).toBe('404: Mark all as read');
  });

  it('adds a live message as a notification and refetches the unread count', async () => {
    const store = makeStore();
    api = fakeApi({ 'GET /api/v1/notifications/unread_count': { data: { data: 9 } } });
    const held = fetchUnreadCount(store);
    await held;
    await deliverLiveNotification(store, newest);
    expect(selectNotifications(store.getState())).toEqual([newest]);
    await expect.poll(() => selectUnreadCount(store.getState())).toBe(9);
    // A live message alone does not count as a fetched page.
    expect(selectNotificationsPage(store.getState())).toBe(FIRST_PAGE);
    held.unsubscribe();
  });

  it('drops a malformed live message without touching the state', async () => {
    const store = makeStore();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      api = fakeApi({});
      await deliverLiveMessage(store.dispatch, store.getState, {
        data: { id: '1', type: 'posts' },
      });
    } finally {
      console.error = original;
    }
    expect(selectNotifications(store.getState())).toEqual([]);
    expect(api.requests).toHaveLength(0);
    expect(errors).toHaveLength(1);
  });

  it('asks for an order again when its notice arrives (a paid order is pushed this way)', async () => {
    const store = makeStore();
    let invalidated: unknown[] = [];
    const original = store.dispatch;
    const seen = (action: unknown) => {
      if (appApi.util.invalidateTags.match(action as never)) {
        invalidated = [...invalidated, ...((action as { payload: unknown[] }).payload ?? [])];
      }
    };
    api = fakeApi({});
    await deliverLiveMessage(
      (action) => {
        seen(action);
        return original(action as never);
      },
      store.getState,
      notificationResource(buildNotification({ record: { type: 'orders', id: '501' } })),
    );
    expect(invalidated).toEqual([{ type: 'Order', id: '501' }, UNREAD_COUNT_TAG]);
  });
});
