// The enrollments module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export {
  enrolledAmong,
  enrolledAttendeesOfAccount,
  enrollHeldOrder,
  enrollIfSeatsFit,
  enrollmentCountOfAttendee,
  holdSeatsForOrder,
  type OrderEnrollment,
  type RosterRow,
  releaseSeatsOfOrder,
  releaseSeatsOfOrders,
  rosterOfSchedule,
  type SeatCounts,
  type SeatRequest,
  seatCountsBySchedule,
  seatsLeft,
} from './enrollments.service';
