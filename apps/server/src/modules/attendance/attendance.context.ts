import type { AttendanceStatus, Language } from '@atelier/contract';
import type { Db } from '../../db/client';

/**
 * An attendee actively enrolled in a schedule. `bookedAt` is when their order was placed (the
 * enrollment's `enrolled_from`, which the orders module records as it enrolls): they
 * attend the sessions starting then or later, as their plan priced them (a late joiner on a
 * "sessions still ahead" plan pays for and attends those only). Null for an enrollment made
 * without an order (by hand, or before orders existed): every session of the schedule.
 */
export type Attendee = { id: number; name: string; bookedAt: Date | null };

export type FamilyFilter = {
  userId: number;
  attendeeProfileId?: number;
  klassId?: number;
  /** Only sessions that started by then. */
  startedBy: Date;
};

export type FamilyAttendanceRow = {
  klassId: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  scheduleName: string;
  klassGroupName: string;
  attendeeProfileId: number;
  attendeeName: string;
  status: AttendanceStatus | null;
};

/**
 * Who may be marked and a family's rows, read across the enrollments, users (attendee profiles),
 * classes and attendances tables: a read model's queries (read-models/attendance-lists), handed
 * to the module by app.ts.
 */
export type AttendanceReads = {
  /** The attendees actively enrolled in a schedule, by name. */
  enrolledAttendees(db: Db, scheduleId: number): Promise<Attendee[]>;
  /**
   * Who the family reported absent from the session (excused) and who comes on a make-up credit
   * (docs/product.md#absences-and-make-ups).
   */
  rollExtras(
    db: Db,
    klassId: number,
  ): Promise<{
    excused: Set<number>;
    makeups: { id: number; name: string }[];
    trials: { id: number; name: string }[];
    /** Who drops in with a class pass (docs/product.md#class-passes-and-drop-ins). */
    dropIns: { id: number; name: string }[];
  }>;
  /** Whether the attendee profile belongs to the family account. */
  isAttendeeOfFamily(db: Db, attendeeProfileId: number, userId: number): Promise<boolean>;
  /**
   * A page of the family's rows, the latest session first, the programmes and schedules named in
   * `language`; with the total, two statements.
   */
  familyAttendancePage(
    db: Db,
    filter: FamilyFilter,
    window: { offset: number; limit: number },
    language: Language,
  ): Promise<{ rows: FamilyAttendanceRow[]; total: number }>;
};

/** What the attendance services need. */
export type AttendanceContext = {
  db: Db;
  /** The clock; tests pin it. */
  now: () => Date;
  reads: AttendanceReads;
};

/** Whether a session is one of the attendee's: it starts at or after their booking. */
export const attendsKlass = (attendee: Attendee, startsAt: Date) =>
  attendee.bookedAt === null || startsAt.getTime() >= attendee.bookedAt.getTime();
