import type { Translations } from '@atelier/contract';
import type { Db } from '../../db/client';

/** A class with its schedule and programme, as drop-ins check and offer it. */
export type DropInSession = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  scheduleId: number;
  scheduleName: string;
  klassGroupId: number;
  timeZone: string;
  programme: string;
  capacity: number;
  /** The schedule's and programme's names in the other languages (`scheduleName`, `programme`). */
  scheduleTranslations: Translations<'name'>;
  programmeTranslations: Translations<'name'>;
};

/**
 * What drop-ins read across the classes, enrollments and users tables: a read model's queries
 * (read-models/drop-in-reads), handed to the module by app.ts. Each takes a transaction as `db`.
 */
export type DropInReads = {
  sessionsByIds(db: Db, klassIds: number[]): Promise<Map<number, DropInSession>>;
  /** The family account of an attendee profile (null for a walk-in's); undefined for none. */
  familyOfAttendee(
    db: Db,
    attendeeProfileId: number,
  ): Promise<{ userId: number | null; name: string } | undefined>;
  /** The names of these attendee profiles. */
  childNames(db: Db, attendeeProfileIds: number[]): Promise<Map<number, string>>;
  /** Whether the attendee's active enrollment in the session's schedule covers that session. */
  enrolledInSession(
    db: Db,
    attendeeProfileId: number,
    session: { scheduleId: number; startsAt: Date },
  ): Promise<boolean>;
  /** Scheduled sessions of these programmes starting after `after`, soonest first. */
  upcomingSessionsOf(
    db: Db,
    klassGroupIds: number[],
    after: Date,
    limit: number,
  ): Promise<DropInSession[]>;
};

export type PassesContext = {
  db: Db;
  now: () => Date;
  reads: DropInReads;
};
