import type { ClassReminders, Language } from '@atelier/contract';
import type { Db } from '../../db/client';

/** One child (or account holder) attending one class: the rows reminders are built from. */
export type AttendingRow = {
  klassId: number;
  startsAt: Date;
  programme: string;
  format: 'in_person' | 'online';
  location: string | null;
  meetingUrl: string | null;
  userId: number;
  email: string;
  name: string;
  locale: 'en' | 'ja' | null;
  timezone: string | null;
  attendee: string;
};

/**
 * Who is due a reminder, read across the classes, enrollments and users tables: a read model's
 * queries (read-models/reminder-recipients), handed to the module by app.ts.
 */
export type ReminderReads = {
  /**
   * Classes starting within `leadMs` of `now` whose families want a reminder before each class and
   * have not had this one, enrolled before the reminder's moment; at most `limit` rows.
   */
  dueClassReminders(db: Db, now: Date, leadMs: number, limit: number): Promise<AttendingRow[]>;
  /** The families that chose a weekly digest and have a child actively enrolled somewhere. */
  digestFamilies(db: Db): Promise<{ id: number; timezone: string | null }[]>;
  /** Scheduled classes in [from, to) of the given families, while they still want a digest. */
  digestClasses(db: Db, userIds: number[], from: Date, to: Date): Promise<AttendingRow[]>;
  /** What the unsubscribe page needs of the account a link names. */
  findFamily(
    db: Db,
    userId: number,
  ): Promise<{ id: number; locale: Language | null; classReminders: ClassReminders } | undefined>;
};
