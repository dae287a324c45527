// The notifications module's public face: other modules and app.ts import from here only, apart
// from its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export { notificationsTopic } from './notifications.channel';
export { notificationsPlugin } from './notifications.plugin';
export { markRecordNotificationsRead } from './notifications.repository';
export { seedDemoNotifications } from './notifications.seed';
export { type NotifyDeps, type NotifyInput, notify } from './notifications.service';
// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export { eraseNotificationsOf } from './notifications-erasure.repository';
