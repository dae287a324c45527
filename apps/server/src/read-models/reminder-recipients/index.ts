// Who is due a class reminder or a weekly digest, read across the classes, enrollments and users
// tables (docs/decisions/054-module-boundaries.md): app.ts hands these reads to the reminders
// module's context.
import type { ReminderReads } from '../../modules/reminders';
import {
  digestClasses,
  digestFamilies,
  dueClassReminders,
  findFamily,
} from './reminder-recipients.queries';

/** The reminders module's reads, as its context takes them. */
export const reminderReads: ReminderReads = {
  dueClassReminders,
  digestFamilies,
  digestClasses,
  findFamily,
};
