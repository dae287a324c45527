import { afterEach, describe, expect, it } from 'vitest';
import {
  buildNotification,
  notificationListDocument,
  notificationResource,
} from '../../testing/builders';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { makeStore } from '../../testing/render-with-providers';
import {
  fetchUnreadCount,
  liveMessageReceived,
  liveNotificationReceived,
} from './notifications-api';
import {
  allNotificationsMarkedRead,
  fetchNotifications,
  initialNotificationsState,
  markAllNotificationsRead,
  markNotificationRead,
  notificationMarkedRead,
  notificationsAdded,
  notificationsPageIncremented,
  notificationsReducer,
  selectNotifications,
  selectUnreadCount,
  unreadCountSet,
} from './notifications-slice';

let api: FakeApi | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
});

const older = buildNotification({ id: '1', created_at: '2024-03-01T00:00:00Z' });
const newer = buildNotification({ id: '2', created_at: '2024-03-02T00:00:00Z' });
const newest = buildNotification({ id: '3', created_at: '2024-03-03T00:00:00Z' });

describe('notifications reducers (docs/product.md#client-state)', () => {
  it('starts empty on page 1 with no unread', () => {
    expect(notificationsReducer(undefined, { type: 'init' })).toEqual({
      items: [],
      page: 1,
      unreadCount: 0,
      fetching: false,
    });
  });

  it('adds notifications merged by id, newest first', () => {
    let state = notificationsReducer(
      initialNotificationsState,
      notificationsAdded([older, newest]),
    );
    const changed = { ...older, title: 'edited' };
    state = notificationsReducer(state, notificationsAdded([newer, changed]));
    expect(state.items.map((n) => n.id)).toEqual(['3', '2', '1']);
    expect(state.items[2]?.title).toBe('edited');
  });

  it('orders notifications of the same instant by id, numerically', () => {
    const at = '2024-03-05T00:00:00Z';
    const nine = buildNotification({ id: '9', created_at: at });
    const ten = buildNotification({ id: '10', created_at: at });
    const state = notificationsReducer(initialNotificationsState, notificationsAdded([nine, ten]));
    expect(state.items.map((n) => n.id)).toEqual(['10', '9']);
  });

  it('marks one read (false to true), lowering the unread count once', () => {
    let state = notificationsReducer(initialNotificationsState, notificationsAdded([older, newer]));
    state = notificationsReducer(state, unreadCountSet(2));
    state = notificationsReducer(state, notificationMarkedRead('1'));
    expect(state.items.find((n) => n.id === '1')?.read).toBe(true);
    expect(state.items.find((n) => n.id === '2')?.read).toBe(false);
    expect(state.unreadCount).toBe(1);
    state = notificationsReducer(state, notificationMarkedRead('1'));
    expect(state.unreadCount).toBe(1);
  });

  it('marks all read and zeroes the unread count', () => {
    let state = notificationsReducer(initialNotificationsState, notificationsAdded([older, newer]));
    state = notificationsReducer(state, unreadCountSet(5));
    state = notificationsReducer(state, allNotificationsMarkedRead());
    expect(state.items.every((n) => n.read)).toBe(true);
    expect(state.unreadCount).toBe(0);
  });

  it('increments the page and sets the unread count', () => {
    let state = notificationsReducer(initialNotificationsState, notificationsPageIncremented());
    state = notificationsReducer(state, unreadCountSet(12));
    expect(state.page).toBe(2);
    expect(state.unreadCount).toBe(12);
  });

  it('adds a live notification at its place by date', () => {
    let state = notificationsReducer(
      initialNotificationsState,
      notificationsAdded([older, newest]),
    );
    state = notificationsReducer(state, liveNotificationReceived(newer));
    expect(state.items.map((n) => n.id)).toEqual(['3', '2', '1']);
  });
});

describe('notifications thunks (docs/product.md#server-calls)', () => {
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
    await store.dispatch(fetchNotifications());
    expect(selectNotifications(store.getState()).map((n) => n.id)).toEqual(['3', '2']);
    expect(store.getState().notifications.page).toBe(2);
    await store.dispatch(fetchNotifications());
    await store.dispatch(fetchNotifications());
    expect(api.requests.map((r) => r.params.page)).toEqual([1, 2, 3]);
    expect(selectNotifications(store.getState()).map((n) => n.id)).toEqual(['3', '2', '1']);
    expect(store.getState().notifications.page).toBe(3);
    expect(selectNotifications(store.getState())[0]?.sender?.name).toBe('Grace Hopper');
  });

  it('does not start a second page fetch while one is in flight', async () => {
    const store = makeStore();
    api = fakeApi({ 'GET /api/v1/notifications': { data: notificationListDocument([older]) } });
    await Promise.all([store.dispatch(fetchNotifications()), store.dispatch(fetchNotifications())]);
    expect(api.requests).toHaveLength(1);
    expect(store.getState().notifications.page).toBe(2);
  });

  it('reports a failed page load through the common handler, labelled by the action', async () => {
    const store = makeStore();
    api = fakeApi({ 'GET /api/v1/notifications': { status: 503 } });
    const result = await store.dispatch(fetchNotifications());
    expect(result.meta.requestStatus).toBe('rejected');
    expect(store.getState().snackbar).toEqual({
      content: '503: Load notifications',
      type: 'error',
      open: true,
    });
    expect(store.getState().notifications.page).toBe(1);
  });

  it('reads the unread count from data', async () => {
    const store = makeStore();
    api = fakeApi({ 'GET /api/v1/notifications/unread_count': { data: { data: 4 } } });
    await store.dispatch(fetchUnreadCount());
    expect(selectUnreadCount(store.getState())).toBe(4);
  });

  it('marks one read on the server, then locally', async () => {
    const store = makeStore();
    store.dispatch(notificationsAdded([older]));
    store.dispatch(unreadCountSet(1));
    api = fakeApi({
      'PUT /api/v1/notifications/1/mark_read': {
        data: notificationResource({ ...older, read: true }),
      },
    });
    await store.dispatch(markNotificationRead('1'));
    expect(selectNotifications(store.getState())[0]?.read).toBe(true);
    expect(selectUnreadCount(store.getState())).toBe(0);
  });

  it('keeps a notification unread when marking fails, and says so', async () => {
    const store = makeStore();
    store.dispatch(notificationsAdded([older]));
    api = fakeApi({ 'PUT /api/v1/notifications/1/mark_read': { timeout: true } });
    await store.dispatch(markNotificationRead('1'));
    expect(selectNotifications(store.getState())[0]?.read).toBe(false);
    expect(store.getState().snackbar.content).toBe('Timeout Error');
  });

  it('marks all read on the server, then locally; a failure is labelled', async () => {
    const store = makeStore();
    store.dispatch(notificationsAdded([older, newer]));
    store.dispatch(unreadCountSet(2));
    api = fakeApi({
      'PUT /api/v1/notifications/mark_all_read': { data: { data: null, meta: { updated: 2 } } },
    });
    await store.dispatch(markAllNotificationsRead());
    expect(selectNotifications(store.getState()).every((n) => n.read)).toBe(true);
    expect(selectUnreadCount(store.getState())).toBe(0);
    api.restore();
    api = fakeApi({ 'PUT /api/v1/notifications/mark_all_read': { status: 404 } });
    await store.dispatch(markAllNotificationsRead());
    expect(store.getState().snackbar.content).toBe('404: Mark all as read');
  });

  it('adds a live message as a notification and refetches the unread count', async () => {
    const store = makeStore();
    api = fakeApi({ 'GET /api/v1/notifications/unread_count': { data: { data: 9 } } });
    await store.dispatch(liveMessageReceived(notificationResource(newest)));
    expect(selectNotifications(store.getState())).toEqual([newest]);
    expect(selectUnreadCount(store.getState())).toBe(9);
  });

  it('drops a malformed live message without touching the state', async () => {
    const store = makeStore();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      api = fakeApi({});
      await store.dispatch(liveMessageReceived({ data: { id: '1', type: 'posts' } }));
    } finally {
      console.error = original;
    }
    expect(selectNotifications(store.getState())).toEqual([]);
    expect(api.requests).toHaveLength(0);
    expect(errors).toHaveLength(1);
  });
});
