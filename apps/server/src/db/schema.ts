// Every module's tables, so one Drizzle instance knows the whole schema.
export * from '../mail/mail.tables';
export * from '../modules/accounts/accounts.tables';
export * from '../modules/calendar/calendar.tables';
export * from '../modules/cart/cart.tables';
export * from '../modules/classes/classes.tables';
export * from '../modules/coupons/coupons.tables';
export * from '../modules/customers/customers.tables';
export * from '../modules/enrollments/enrollments.tables';
export * from '../modules/notifications/notifications.tables';
export * from '../modules/orders/orders.tables';
export * from '../modules/payments/payments.tables';
export * from '../modules/refunds/refunds.tables';
export * from '../modules/user-groups/user-groups.tables';
export * from '../modules/users/users.tables';
export * from '../modules/waitlist/waitlist.tables';
