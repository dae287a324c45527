import { ACCOUNTS_API } from './accounts/accounts.paths';
import { APP_API } from './app.paths';
import { CART_API } from './cart/cart.paths';
import { NOTIFICATIONS_API } from './notifications/notifications.paths';
import { USERS_API } from './users/users.paths';

// Each resource keeps its paths beside its schemas (`<resource>/<resource>.paths.ts`); this file
// only gathers them for the index.
export * from './account-data/account-data.paths';
export * from './accounts/accounts.paths';
export * from './agreements/agreements.paths';
export * from './app.paths';
export * from './attendance/attendance.paths';
export * from './billing/billing.paths';
export * from './cart/cart.paths';
export * from './coupons/coupons.paths';
export * from './customers/customers.paths';
export * from './family/family.paths';
export * from './gallery/gallery.paths';
export * from './ledger/ledger.paths';
export * from './makeups/makeups.paths';
export * from './messages/messages.paths';
export * from './notifications/notifications.paths';
export * from './orders/admin-orders.paths';
export * from './orders/orders.paths';
export * from './passes/passes.paths';
export * from './photo-boxes/photo-boxes.paths';
export * from './public-site/public-site.paths';
export * from './refunds/refunds.paths';
export * from './reminders/reminders.paths';
export * from './sales/sales.paths';
export * from './search/search.paths';
export * from './transfers/transfers.paths';
export * from './trials/trials.paths';
export * from './user-groups/user-groups.paths';
export * from './users/users.paths';
export * from './waitlist/waitlist.paths';

/**
 * The first paths, under the names the web and the server have always used. New code takes a
 * resource's group instead (USERS_API, NOTIFICATIONS_API, CART_API, ACCOUNTS_API, …).
 */
export const API = {
  signIn: USERS_API.signIn,
  signOut: USERS_API.signOut,
  me: USERS_API.me,
  users: USERS_API.users,
  user: USERS_API.user,
  usersSearch: USERS_API.search,
  notifications: NOTIFICATIONS_API.list,
  notificationMarkRead: NOTIFICATIONS_API.markRead,
  notificationsMarkAllRead: NOTIFICATIONS_API.markAllRead,
  notificationsUnreadCount: NOTIFICATIONS_API.unreadCount,
  passwordResets: ACCOUNTS_API.passwordResets,
  passwordReset: ACCOUNTS_API.passwordReset,
  userToken: ACCOUNTS_API.userToken,
  emailToken: ACCOUNTS_API.emailToken,
  cartItems: CART_API.items,
  cartItem: CART_API.item,
  guestCartItems: CART_API.guestItems,
  health: APP_API.health,
  docs: APP_API.docs,
  cable: APP_API.cable,
} as const;
