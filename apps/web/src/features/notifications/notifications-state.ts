import { FIRST_PAGE, type Notification } from '@atelier/contract';
import { notificationsApi } from './notifications-api';
import { EMPTY_NOTIFICATIONS_LIST, type NotificationsList, withRead } from './notifications-list';

// docs/product.md#client-state's notifications, read from their cache entries
// (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md).

type NotificationsRootState = Parameters<
  ReturnType<typeof notificationsApi.endpoints.notifications.select>
>[0];

const listOf = (state: NotificationsRootState): NotificationsList =>
  notificationsApi.endpoints.notifications.select(FIRST_PAGE)(state).data ??
  EMPTY_NOTIFICATIONS_LIST;

/** Newest first, unique by id. */
export const selectNotifications = (state: NotificationsRootState): Notification[] =>
  listOf(state).items;
/** The next page to fetch (starts at 1). */
export const selectNotificationsPage = (state: NotificationsRootState): number =>
  listOf(state).nextPage;
/** How many the last fetched page held (fewer than a page: nothing more to load). */
export const selectLastNotificationsPageSize = (state: NotificationsRootState): number =>
  listOf(state).lastPageSize;
export const selectUnreadCount = (state: NotificationsRootState): number =>
  notificationsApi.endpoints.unreadCount.select()(state).data ?? 0;

/**
 * The server read these notifications as a side effect (opening a class message reads its
 * notification, docs/product.md#class-messages): the list shows them read and the count is asked
 * for again, since nothing answered it.
 */
export function notificationsReadElsewhere(ids: string[]) {
  return (dispatch: (action: unknown) => unknown) => {
    if (ids.length > 0) {
      dispatch(
        notificationsApi.util.updateQueryData('notifications', FIRST_PAGE, (list) =>
          ids.reduce(withRead, list),
        ),
      );
    }
    // Fetched whether or not the badge holds the count now: invalidating an entry nobody holds
    // drops it, and the next holder would start from nothing instead of the server's answer.
    dispatch(
      notificationsApi.endpoints.unreadCount.initiate(undefined, {
        forceRefetch: true,
        subscribe: false,
      }),
    );
  };
}
