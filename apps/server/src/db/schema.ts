// Every module's tables, so one Drizzle instance knows the whole schema.
export * from '../modules/notifications/notifications.tables';
export * from '../modules/users/users.tables';
