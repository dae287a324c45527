/** API paths of the signed-in user's notifications (docs/product.md#server-calls). */
export const NOTIFICATIONS_API = {
  /** GET ?page: newest first. */
  list: '/api/v1/notifications',
  markRead: (id: string | number) => `/api/v1/notifications/${id}/mark_read`,
  markAllRead: '/api/v1/notifications/mark_all_read',
  unreadCount: '/api/v1/notifications/unread_count',
} as const;
