import type { Language, Translations, TrialBookingStatus } from '@atelier/contract';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { NotifyInput } from '../notifications';

/** A class with its schedule and programme, as trials check and offer it. */
export type TrialSessionRow = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  scheduleId: number;
  scheduleName: string;
  teacherId: number;
  timeZone: string;
  capacity: number;
  klassGroupId: number;
  programme: string;
  published: boolean;
  /** Cents for one trial class (0: free), or null: no trial offered. */
  trialPrice: number | null;
  /** The schedule's and programme's names in the other languages (`scheduleName`, `programme`). */
  scheduleTranslations: Translations<'name'>;
  programmeTranslations: Translations<'name'>;
  /** The teacher's account language (they are told of trials in it). */
  teacherLocale: Language | null;
};

/** A family's trial booking with the names its list shows. */
export type FamilyTrialRow = {
  id: number;
  klassId: number;
  klassGroupId: number;
  attendeeProfileId: number;
  childName: string;
  programme: string;
  scheduleName: string;
  startsAt: Date;
  timeZone: string;
  price: number;
  status: TrialBookingStatus;
  creditUntil: Date;
  creditedAt: Date | null;
  createdAt: Date;
  cancelledAt: Date | null;
};

/**
 * What trials read across the classes, enrollments and users tables: a read model's queries
 * (read-models/trial-reads), handed to the module by app.ts. Each takes a transaction as `db`.
 */
export type TrialReads = {
  sessionById(db: Db, klassId: number): Promise<TrialSessionRow | undefined>;
  /** The family account of an attendee profile (null for a walk-in's); undefined for none. */
  familyOfAttendee(
    db: Db,
    attendeeProfileId: number,
  ): Promise<{ userId: number | null; name: string } | undefined>;
  /** Whether the attendee is actively enrolled in any schedule of the programme. */
  enrolledInProgramme(db: Db, attendeeProfileId: number, klassGroupId: number): Promise<boolean>;
  programmeById(
    db: Db,
    klassGroupId: number,
  ): Promise<
    | {
        id: number;
        name: string;
        translations: Translations<'name'>;
        published: boolean;
        trialPrice: number | null;
      }
    | undefined
  >;
  /** The programme's upcoming, uncancelled classes, in time order. */
  upcomingSessionsOf(
    db: Db,
    klassGroupId: number,
    after: Date,
    limit: number,
  ): Promise<TrialSessionRow[]>;
  /** The family's trials, newest first, the programmes and schedules named in `language`. */
  trialsOfFamily(db: Db, userId: number, language: Language): Promise<FamilyTrialRow[]>;
};

/** The trials module's context (docs/architecture.md#repository-layout-and-layers). */
export type TrialsContext = {
  db: Db;
  now: () => Date;
  /** Days after the trial class during which enrolling credits its price (config TRIAL_CREDIT_DAYS). */
  creditDays: number;
  currency: string;
  notify: (input: NotifyInput) => Promise<unknown>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
  log: { warn(obj: object, msg: string): void };
  reads: TrialReads;
  /** Puts a paid trial into the family's server cart (the cart module, above this one, via app.ts). */
  addToCart: AddTrialToCart;
};

/** Adds a paid trial (one class, one child) to the family's cart; answers the cart item. */
export type AddTrialToCart = (
  familyId: number,
  trial: { klassId: number; attendeeProfileId: number; klassGroupId: number },
) => Promise<{ cartItemId: number }>;
