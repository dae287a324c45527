// Drop-ins' reads across the classes, enrollments and users tables
// (docs/decisions/054-module-boundaries.md): app.ts hands them to the passes module's context.
import type { DropInReads } from '../../modules/passes';
import { enrolledInKlass, familyOfAttendee, klassesByIds, upcomingKlasses } from '../klass-reads';
import { childNames } from './drop-in-reads.queries';

/** The passes module's reads, as its context takes them. */
export const dropInReads: DropInReads = {
  sessionsByIds: klassesByIds,
  familyOfAttendee,
  childNames,
  enrolledInSession: enrolledInKlass,
  upcomingSessionsOf: (db, klassGroupIds, after, limit) =>
    upcomingKlasses(db, after, limit, klassGroupIds),
};
