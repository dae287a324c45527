// The enrollments module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export {
  enrolledAttendeesOfAccount,
  enrollmentCountOfAttendee,
  type RosterRow,
  rosterOfSchedule,
  type SeatCounts,
  seatCountsBySchedule,
  seatsLeft,
} from './enrollments.service';
