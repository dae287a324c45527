// The notifications feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export { NotificationsButton } from './components/notifications-button';
export {
  fetchUnreadCount,
  liveMessageReceived,
  liveNotificationReceived,
  notificationsApi,
} from './notifications-api';
export {
  allNotificationsMarkedRead,
  fetchNotifications,
  initialNotificationsState,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationsState,
  notificationMarkedRead,
  notificationsAdded,
  notificationsPageIncremented,
  notificationsReducer,
  selectNotifications,
  selectNotificationsPage,
  selectUnreadCount,
  unreadCountSet,
} from './notifications-slice';
