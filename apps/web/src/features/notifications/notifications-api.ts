import { API, type Notification } from '@atelier/contract';
import { createAction, createAsyncThunk } from '@reduxjs/toolkit';
import { api, queryData, reportLoadFailure } from '../../lib/api';
import { loadContractParsers } from '../../lib/load-contract-parsers';

/** A live message, parsed: the notifications slice merges it in like a fetched one. */
export const liveNotificationReceived = createAction<Notification>(
  'notifications/liveNotificationReceived',
);

/**
 * The notifications' server calls (docs/product.md#server-calls) and their live channel. The
 * notifications slice follows these endpoints' results (merged list, page counter, unread count).
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/notifications?page=N: one page, newest first. */
    notificationsPage: build.query<Notification[], number>({
      query: (page) => ({ url: API.notifications, params: { page } }),
      transformResponse: async (body: unknown) =>
        (await loadContractParsers()).parseNotificationList(body),
    }),
    /**
     * GET /api/v1/notifications/unread_count (`data` is the count). The top bar holds this entry
     * while someone is signed in, so the NotificationsChannel subscription lives beside it
     * (docs/architecture.md#adding-a-live-channel): each message is added, then the count is
     * refetched.
     */
    unreadCount: build.query<number, void>({
      query: () => API.notificationsUnreadCount,
      transformResponse: async (body: unknown) =>
        (await loadContractParsers()).parseUnreadCount(body),
      providesTags: [{ type: 'Notification', id: 'UNREAD' }],
      onQueryStarted: reportLoadFailure,
      async onCacheEntryAdded(_, { dispatch, cacheEntryRemoved }) {
        const { subscribeToNotifications } = await import('./notifications-live');
        const stop = subscribeToNotifications(dispatch);
        await cacheEntryRemoved;
        stop();
      },
    }),
    /** PUT /api/v1/notifications/{id}/mark_read. */
    markNotificationRead: build.mutation<void, string>({
      query: (id) => ({ url: API.notificationMarkRead(id), method: 'PUT' }),
      transformResponse: () => undefined,
    }),
    /** PUT /api/v1/notifications/mark_all_read. */
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: API.notificationsMarkAllRead, method: 'PUT' }),
      transformResponse: () => undefined,
    }),
  }),
});

/**
 * GET /api/v1/notifications/unread_count again, whoever holds the entry; a failure is already
 * reported by the endpoint.
 */
export const fetchUnreadCount = createAsyncThunk(
  'notifications/fetchUnreadCount',
  async (_, { dispatch }) =>
    queryData(
      dispatch(
        notificationsApi.endpoints.unreadCount.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      ),
    ),
);

/**
 * docs/product.md#server-calls live channel: each message is a notification document, parsed as a resource and added;
 * then the unread count is refetched. A malformed message is logged and dropped.
 */
export const liveMessageReceived = createAsyncThunk(
  'notifications/liveMessageReceived',
  async (message: unknown, { dispatch }) => {
    let notification: Notification;
    try {
      const { parseNotificationDocument } = await loadContractParsers();
      notification = parseNotificationDocument(message);
    } catch (error) {
      console.error('Dropped a malformed live notification', error);
      return;
    }
    dispatch(liveNotificationReceived(notification));
    // A class message arrived: the family's list of them on /classes shows it at once
    // (docs/product.md#class-messages).
    if (notification.record.type === 'messages') {
      dispatch(api.util.invalidateTags([{ type: 'Message', id: 'RECEIVED' }]));
    }
    await dispatch(fetchUnreadCount());
  },
);
