// The reminders module's public face: app.ts imports from here only, apart from its *.tables.ts
// for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export type { AttendingRow, ReminderReads } from './reminders.context';
export {
  type RemindersPluginOptions,
  remindersContextOf,
  remindersPlugin,
} from './reminders.routes';
export {
  type RemindersContext,
  sendDueDigests,
  sendDueReminders,
  sweepReminders,
  unsubscribeUrl,
} from './reminders.service';
