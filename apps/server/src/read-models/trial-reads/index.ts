// Trials' reads across the classes, enrollments and users tables
// (docs/decisions/054-module-boundaries.md): app.ts hands them to the trials module's context.
import type { TrialReads } from '../../modules/trials';
import { familyOfAttendee, klassById, upcomingKlasses } from '../klass-reads';
import { enrolledInProgramme, programmeById, trialsOfFamily } from './trial-reads.queries';

/** The trials module's reads, as its context takes them. */
export const trialReads: TrialReads = {
  sessionById: klassById,
  programmeById,
  familyOfAttendee,
  enrolledInProgramme,
  upcomingSessionsOf: (db, klassGroupId, after, limit) =>
    upcomingKlasses(db, after, limit, [klassGroupId]),
  trialsOfFamily,
};
