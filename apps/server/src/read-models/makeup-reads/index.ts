// Make-ups' reads across the classes, enrollments and users tables
// (docs/decisions/054-module-boundaries.md): app.ts hands them to the makeups module's context.
import type { MakeupReads } from '../../modules/makeups';
import { enrolledInKlass, familyOfAttendee, klassById, upcomingKlasses } from '../klass-reads';
import {
  absenceCreditsInSchedule,
  absencesOfFamily,
  creditsDueReminder,
  creditsOfFamily,
  schedulesOfChild,
} from './makeup-reads.queries';

/** The makeups module's reads, as its context takes them. */
export const makeupReads: MakeupReads = {
  sessionById: klassById,
  familyOfAttendee,
  enrolledInSession: enrolledInKlass,
  absenceCreditsInSchedule,
  creditsOfFamily,
  absencesOfFamily,
  upcomingSessions: (db, after, limit) => upcomingKlasses(db, after, limit),
  schedulesOfChild,
  creditsDueReminder,
};
