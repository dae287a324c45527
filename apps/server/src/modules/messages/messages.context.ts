import type { Language, Translations } from '@atelier/contract';
import type { Db } from '../../db/client';
import type { UserSearchRow } from '../user-search';

/** A page's bounds. */
export type Window = { limit: number; offset: number };

/** A schedule as the send rules need it. */
export type ScheduleFacts = {
  id: number;
  name: string;
  teacherId: number;
  timeZone: string;
  klassGroupName: string;
  /** The programme's name in other languages, for each family's mail (lib/translated-content.ts). */
  klassGroupTranslations: Translations<'name' | 'description'>;
};

/** Who a message goes to: the account, and what its mail and notification are written with. */
export type Family = { id: number; name: string; email: string; locale: 'en' | 'ja' | null };

/** A message as every view shows it; the counts are filled for the sender's views only. */
export type MessageRow = {
  id: number;
  senderId: number | null;
  senderName: string | null;
  audience: 'schedule' | 'klass' | 'users';
  title: string;
  body: string;
  createdAt: Date;
  schedule: { id: number; name: string; klassGroupName: string; timeZone: string } | null;
  klass: { id: number; startsAt: Date } | null;
  recipientCount: number;
  readCount: number;
  /** The viewing recipient's read time (received views). */
  readAt: Date | null;
};

/** A schedule a sender may write to, as the picker shows it. */
export type SchedulePick = {
  id: number;
  name: string;
  klassGroupName: string;
  timeZone: string;
  startDate: string;
  endDate: string;
  familyCount: number;
  klasses: {
    id: number;
    startsAt: Date;
    endsAt: Date;
    status: 'scheduled' | 'cancelled';
  }[];
};

/**
 * The reads that span other modules' tables (who a schedule's families are, whom a teacher may
 * write to, the lists with their senders, schedules and sessions): read models' queries
 * (read-models/message-lists, read-models/audiences), handed to the module by app.ts.
 */
export type MessagesReads = {
  /** Families with a child actively enrolled in the schedule, each once, by id. */
  familiesOfSchedule(db: Db, scheduleId: number): Promise<Family[]>;
  /** Which of these accounts have a child actively enrolled in a schedule `teacherId` teaches. */
  familiesTaughtBy(db: Db, teacherId: number, userIds: number[]): Promise<Set<number>>;
  /** Every recipient of a message by name, with their read time (the read receipts). */
  recipientsOfMessage(
    db: Db,
    messageId: number,
  ): Promise<{ id: number; name: string; readAt: Date | null }[]>;
  /** One page of what `senderId` sent, newest first, with recipient and read counts. */
  sentMessages(
    db: Db,
    senderId: number,
    window: Window,
    language?: Language,
  ): Promise<{ rows: MessageRow[]; total: number }>;
  /**
   * One message with its counts, whoever asks (the service decides what they may see); its
   * schedule and programme named in `language` (English by default).
   */
  messageById(db: Db, id: number, language?: Language): Promise<MessageRow | undefined>;
  /** One page of what `userId` received, newest first, with their read time. */
  receivedMessages(
    db: Db,
    userId: number,
    window: Window,
    language?: Language,
  ): Promise<{ rows: MessageRow[]; total: number }>;
  /** The schedules picker: a page of the schedules a sender may write to, with their sessions. */
  schedulesToWrite(
    db: Db,
    filters: { teacherId: number | null; keyword?: string },
    window: Window,
  ): Promise<{ rows: SchedulePick[]; total: number }>;
  /** The families picker: a page of the family accounts a sender may write to, by name. */
  familiesToWrite(
    db: Db,
    filters: { teacherId: number | null; keyword?: string },
    window: Window,
  ): Promise<{ rows: UserSearchRow[]; total: number }>;
};
