/** API paths shared by the server routes and the web client. */
export const API = {
  signIn: '/api/v1/users/sign_in',
  signOut: '/api/v1/users/sign_out',
  me: '/api/v1/users/me',
  users: '/api/v1/users',
  user: (id: string | number) => `/api/v1/users/${id}`,
  usersSearch: '/api/v1/users/search',
  notifications: '/api/v1/notifications',
  notificationMarkRead: (id: string | number) => `/api/v1/notifications/${id}/mark_read`,
  notificationsMarkAllRead: '/api/v1/notifications/mark_all_read',
  notificationsUnreadCount: '/api/v1/notifications/unread_count',
  passwordResets: '/api/v1/password_resets',
  passwordReset: (token: string) => `/api/v1/password_resets/${token}`,
  userToken: (token: string) => `/api/v1/user_token/${token}`,
  emailToken: (token: string) => `/api/v1/users/email_token/${token}`,
  cartItems: '/api/v2/cart_items',
  cartItem: (id: string | number) => `/api/v2/cart_items/${id}`,
  guestCartItems: '/api/v1/guests/cart_items',
  health: '/healthz',
  docs: '/api/docs',
  cable: '/cable',
} as const;

/** The SPA is served under this base path (docs/product.md#routes-and-screens). */
export const APP_BASE = '/app';
