// The waitlist feature's public face (docs/architecture.md#repository-layout-and-layers): the
// join/place/offer block of a sold-out schedule on /book_class, "Your waitlist" on /orders, and
// a schedule's line on its staff page (composed by the route file).

export { ScheduleWaitlist } from './components/join-waitlist';
export { MyWaitlist } from './components/my-waitlist';
export { ScheduleWaitlistAdmin } from './components/schedule-waitlist-admin';
export { useOfferedSeats } from './use-offered-seats';
export { waitlistApi } from './waitlist-api';
