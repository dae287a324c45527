import { API, FIRST_PAGE, type Notification } from '@atelier/contract';
import { i18n, type MessageKey } from '../../i18n/i18n';
import { api, reportLoadFailure } from '../../lib/api';
import { handleError } from '../../lib/api-client';
import { loadContractParsers } from '../../lib/load-contract-parsers';
import {
  EMPTY_NOTIFICATIONS_LIST,
  isListedUnread,
  type NotificationsList,
  withAllRead,
  withLive,
  withPage,
  withRead,
} from './notifications-list';
import { UNREAD_COUNT_TAG } from './notifications-tags';

export { UNREAD_COUNT_TAG };

// biome-ignore lint/suspicious/noExplicitAny: RTK Query's lifecycle dispatch and getState are typed against the api's own state
type LiveDispatch = (action: any) => unknown;

/**
 * A live notification merged into the list's entry (docs/product.md#server-calls live channel):
 * a list never fetched starts with it, its page counter still at 1.
 */
function mergeLiveNotification(dispatch: LiveDispatch, getState: () => unknown) {
  return (notification: Notification): void => {
    const select = notificationsApi.endpoints.notifications.select(FIRST_PAGE);
    // biome-ignore lint/suspicious/noExplicitAny: the lifecycle's state is the app's, which holds the api
    const listed = select(getState() as any).data;
    if (listed) {
      dispatch(
        notificationsApi.util.updateQueryData('notifications', FIRST_PAGE, (list) =>
          withLive(list, notification),
        ),
      );
      return;
    }
    dispatch(
      notificationsApi.util.upsertQueryEntries([
        {
          endpointName: 'notifications',
          arg: FIRST_PAGE,
          value: withLive(EMPTY_NOTIFICATIONS_LIST, notification),
        },
      ]),
    );
  };
}

/**
 * Handles one NotificationsChannel message as the subscription does (tests deliver one without a
 * socket). The handler is loaded on demand, like the subscription, to keep the first visit small.
 */
export async function deliverLiveMessage(
  dispatch: LiveDispatch,
  getState: () => unknown,
  message: unknown,
): Promise<void> {
  const { applyLiveMessage } = await import('./notifications-live');
  await applyLiveMessage(dispatch, mergeLiveNotification(dispatch, getState), message);
}

/** Reports a failed call of the notifications' own actions, labelled by the action. */
async function reportFailure(
  queryFulfilled: Promise<unknown>,
  label: MessageKey,
): Promise<boolean> {
  try {
    await queryFulfilled;
    return true;
  } catch (failure) {
    handleError((failure as { error: unknown }).error, i18n.t(label));
    return false;
  }
}

/**
 * The notifications' server calls (docs/product.md#server-calls) and the one home of their data
 * (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md): the `notifications` entry
 * holds the merged list and its page counter, the `unreadCount` entry the badge's count, and the
 * live channel patches both where they are.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/v1/notifications?page=N. Every page lands in one entry (the argument is only the
     * page to ask for): merged by id, newest first, the counter advanced after a non-empty page.
     * The list lasts as long as the session, as the dialog's state did (a store reset ends it).
     */
    notifications: build.query<NotificationsList, number>({
      query: (page) => ({ url: API.notifications, params: { page } }),
      transformResponse: async (body: unknown, _meta, page) =>
        withPage(
          EMPTY_NOTIFICATIONS_LIST,
          page,
          (await loadContractParsers()).parseNotificationList(body),
        ),
      serializeQueryArgs: ({ endpointName }) => endpointName,
      merge: (current, page, { arg }) => withPage(current, arg, page.items),
      forceRefetch: ({ currentArg, previousArg }) => currentArg !== previousArg,
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
      async onQueryStarted(_page, { queryFulfilled }) {
        await reportFailure(queryFulfilled, 'notifications.loadFailed');
      },
    }),
    /**
     * GET /api/v1/notifications/unread_count (`data` is the count). The top bar holds this entry
     * while someone is signed in, so the NotificationsChannel subscription lives beside it
     * (docs/architecture.md#adding-a-live-channel) and patches the list and this count.
     */
    unreadCount: build.query<number, void>({
      query: () => API.notificationsUnreadCount,
      transformResponse: async (body: unknown) =>
        (await loadContractParsers()).parseUnreadCount(body),
      providesTags: [UNREAD_COUNT_TAG],
      onQueryStarted: reportLoadFailure,
      async onCacheEntryAdded(_, { dispatch, getState, cacheEntryRemoved }) {
        const { subscribeToNotifications } = await import('./notifications-live');
        const stop = subscribeToNotifications(dispatch, mergeLiveNotification(dispatch, getState));
        await cacheEntryRemoved;
        stop();
      },
    }),
    /** PUT /api/v1/notifications/{id}/mark_read; the list and the count follow once the server agrees. */
    markNotificationRead: build.mutation<void, string>({
      query: (id) => ({ url: API.notificationMarkRead(id), method: 'PUT' }),
      transformResponse: () => undefined,
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        if (!(await reportFailure(queryFulfilled, 'notifications.markReadFailed'))) return;
        const list = notificationsApi.endpoints.notifications.select(FIRST_PAGE)(getState()).data;
        if (!isListedUnread(list, id)) return;
        dispatch(
          notificationsApi.util.updateQueryData('notifications', FIRST_PAGE, (draft) =>
            withRead(draft, id),
          ),
        );
        dispatch(
          notificationsApi.util.updateQueryData('unreadCount', undefined, (count) =>
            Math.max(0, count - 1),
          ),
        );
      },
    }),
    /** PUT /api/v1/notifications/mark_all_read. */
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: API.notificationsMarkAllRead, method: 'PUT' }),
      transformResponse: () => undefined,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        if (!(await reportFailure(queryFulfilled, 'notifications.markAllRead'))) return;
        dispatch(notificationsApi.util.updateQueryData('notifications', FIRST_PAGE, withAllRead));
        dispatch(notificationsApi.util.updateQueryData('unreadCount', undefined, () => 0));
      },
    }),
  }),
});
