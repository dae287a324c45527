// Make-ups' reads across the classes, enrollments and users tables
// (docs/decisions/054-module-boundaries.md): app.ts hands them to the makeups module's context.
import type { MakeupReads } from '../../modules/makeups';
import {
  absenceCreditsInSchedule,
  absencesOfFamily,
  creditsDueReminder,
  creditsOfFamily,
  enrolledInSession,
  familyOfAttendee,
  schedulesOfChild,
  sessionById,
  upcomingSessions,
} from './makeup-reads.queries';

/** The makeups module's reads, as its context takes them. */
export const makeupReads: MakeupReads = {
  sessionById,
  familyOfAttendee,
  enrolledInSession,
  absenceCreditsInSchedule,
  creditsOfFamily,
  absencesOfFamily,
  upcomingSessions,
  schedulesOfChild,
  creditsDueReminder,
};
