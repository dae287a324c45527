import type { EnrollmentStatus, Language, Translations } from '@atelier/contract';
import type { Db } from '../../db/client';

/** An enrollment with its child, family and the plan it was bought with. */
export type EnrollmentFacts = {
  id: number;
  scheduleId: number;
  status: EnrollmentStatus;
  attendeeProfileId: number;
  attendeeName: string;
  /** The family account; null for a walk-in's child. */
  userId: number | null;
  guestCustomerId: number | null;
  /** The plan of the order item that paid for the place; null for a place made by hand. */
  planId: number | null;
};

/** A schedule as a transfer prices and checks it. */
export type ScheduleFacts = {
  id: number;
  name: string;
  programme: string;
  /** The schedule's (`name`) and programme's names in the other languages. */
  translations: Translations<'name'>;
  programmeTranslations: Translations<'name'>;
  klassGroupId: number;
  teacherId: number;
  timeZone: string;
  startDate: string;
  endDate: string;
  capacity: number;
  /** Every session, cancelled and past ones too: pricing leaves those out. */
  klasses: { id: number; startsAt: Date; status: 'scheduled' | 'cancelled' }[];
  planIds: number[];
};

export type PlanFacts = {
  id: number;
  name: string;
  basePrice: number;
  unitPrice: number;
  unitType: 'class' | 'month' | 'term';
};

/** The address a family's mail goes to, and the account's language (a teacher's too). */
export type FamilyContact = { email: string; name: string; locale: 'en' | 'ja' | null };

/** A family's active enrollment, as /classes lists it. */
export type FamilyEnrollmentRow = {
  id: number;
  attendeeProfileId: number;
  attendeeName: string;
  scheduleId: number;
  scheduleName: string;
  programme: string;
  endDate: string;
};

/**
 * What transfers read across the classes, enrollments, orders and users tables: a read model's
 * queries (read-models/transfer-reads), handed to the module by app.ts.
 */
export type TransferReads = {
  enrollmentFacts(db: Db, enrollmentId: number): Promise<EnrollmentFacts | undefined>;
  scheduleFacts(db: Db, scheduleId: number): Promise<ScheduleFacts | undefined>;
  planFacts(db: Db, planId: number): Promise<PlanFacts | undefined>;
  familyContact(db: Db, userId: number): Promise<FamilyContact | undefined>;
  /** The family's active enrollments, the programmes and schedules named in `language`. */
  familyEnrollments(db: Db, userId: number, language: Language): Promise<FamilyEnrollmentRow[]>;
  /** Schedules offering the plan whose run has not ended by `today` (ISO date), by programme. */
  schedulesOfferingPlan(db: Db, planId: number, today: string): Promise<ScheduleFacts[]>;
  /** The programme's schedules whose run has not ended by `today` (a place made by hand has no plan). */
  schedulesOfProgramme(db: Db, klassGroupId: number, today: string): Promise<ScheduleFacts[]>;
};
