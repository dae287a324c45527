// The notifications feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export { NotificationsButton } from './components/notifications-button';
export {
  deliverLiveMessage,
  notificationsApi,
  UNREAD_COUNT_TAG,
} from './notifications-api';
export {
  EMPTY_NOTIFICATIONS_LIST,
  mergeNotifications,
  type NotificationsList,
} from './notifications-list';
export {
  notificationsReadElsewhere,
  selectNotifications,
  selectNotificationsPage,
  selectUnreadCount,
} from './notifications-state';
