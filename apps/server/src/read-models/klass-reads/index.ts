// Reads of one dated class, shared by the read models of the ways to book one (make-ups, trials,
// drop-ins): docs/decisions/054-module-boundaries.md.
export {
  enrolledInKlass,
  familyOfAttendee,
  type KlassFacts,
  klassById,
  klassesByIds,
  upcomingKlasses,
} from './klass-reads.queries';
