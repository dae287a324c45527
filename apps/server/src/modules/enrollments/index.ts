// The enrollments module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export { cancelOrderItemEnrollments, type OrderItemAttendee } from './enrollment-cancellation';
export {
  activelyEnrolledIn,
  activelyEnrolledInAnyOf,
  sharesActiveScheduleWith,
} from './enrollment-subqueries.repository';
export {
  type EnrollmentMove,
  type EnrollmentRow,
  enrollmentById,
  moveEnrollment,
} from './enrollment-transfer';
export { seedDemoEnrollments } from './enrollments.seed';
export {
  activeEnrollmentsAmong,
  type CapacityLock,
  enrolledAmong,
  enrolledAttendeesOfAccount,
  enrollHeldOrder,
  enrollIfSeatsFit,
  enrollmentCountOfAttendee,
  holdSeatsForOffer,
  holdSeatsForOrder,
  holdSessionSeat,
  lockSeatsLeft,
  lockSessionSeatLeft,
  type OrderEnrollment,
  type OrderSeatHold,
  offeredSeatsOfUser,
  type RosterRow,
  releaseSeatsOfOffers,
  releaseSeatsOfOrder,
  releaseSeatsOfOrders,
  releaseSessionSeat,
  rosterOfSchedule,
  type SeatCounts,
  type SeatRequest,
  type SessionSeat,
  seatCountsBySchedule,
  seatsLeft,
  sessionsWithSeatsLeft,
} from './enrollments.service';
// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export { eraseEnrollmentsOf, eraseSessionSeatsOf } from './enrollments-erasure.repository';
