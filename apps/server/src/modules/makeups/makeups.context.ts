import type { Language, Translations } from '@atelier/contract';
import type { Db } from '../../db/client';
import type { CreditRow } from './makeups.repository';

/** A session with its schedule and programme, as make-ups check and offer it. */
export type SessionRow = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  scheduleId: number;
  scheduleName: string;
  teacherId: number;
  timeZone: string;
  programme: string;
  format: 'in_person' | 'online';
  capacity: number;
  /** The schedule's and programme's names in the other languages (`scheduleName`, `programme`). */
  scheduleTranslations: Translations<'name'>;
  programmeTranslations: Translations<'name'>;
  /** The teacher's account language (they are told of absences in it). */
  teacherLocale: Language | null;
};

/** A credit of the family's with its child, missed session and live booking. */
export type FamilyCreditRow = {
  credit: CreditRow;
  childName: string;
  originStartsAt: Date | null;
  originName: string | null;
  booking: { id: number; creditId: number; klassId: number; startsAt: Date; name: string } | null;
};

/** A reported absence of the family's, with its child, session start and the credit it gave. */
export type FamilyAbsenceRow = {
  klassId: number;
  attendeeProfileId: number;
  childName: string;
  startsAt: Date;
  creditId: number | null;
};

/** A credit due its expiry reminder, with the family to mail. */
export type CreditDueReminder = {
  id: number;
  expiresAt: Date;
  childName: string;
  email: string;
  name: string;
  locale: 'en' | 'ja' | null;
};

/**
 * What make-ups read across the classes, enrollments and users tables: a read model's queries
 * (read-models/makeup-reads), handed to the module by app.ts. Each takes a transaction as `db`.
 */
export type MakeupReads = {
  sessionById(db: Db, klassId: number): Promise<SessionRow | undefined>;
  /** The family account of an attendee profile (null for a walk-in's); undefined for none. */
  familyOfAttendee(
    db: Db,
    attendeeProfileId: number,
  ): Promise<{ userId: number | null; name: string } | undefined>;
  /** Whether the attendee's active enrollment in the session's schedule covers that session. */
  enrolledInSession(
    db: Db,
    attendeeProfileId: number,
    session: { scheduleId: number; startsAt: Date },
  ): Promise<boolean>;
  /** Absence credits of the child, not revoked, whose missed session is of this schedule. */
  absenceCreditsInSchedule(db: Db, attendeeProfileId: number, scheduleId: number): Promise<number>;
  /** The family's credits, newest first, the programmes named in `language`. */
  creditsOfFamily(db: Db, userId: number, language: Language): Promise<FamilyCreditRow[]>;
  /** The family's reported absences from sessions starting after `after`, soonest first. */
  absencesOfFamily(db: Db, userId: number, after: Date): Promise<FamilyAbsenceRow[]>;
  upcomingSessions(db: Db, after: Date, limit: number): Promise<SessionRow[]>;
  schedulesOfChild(db: Db, attendeeProfileId: number): Promise<Set<number>>;
  creditsDueReminder(db: Db, now: Date, until: Date, limit: number): Promise<CreditDueReminder[]>;
};
