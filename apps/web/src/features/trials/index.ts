// The trials feature's public face (docs/architecture.md#repository-layout-and-layers): "Try a
// class" on the booking page and the family's trial classes on /classes.

export { TrialBookings } from './components/trial-bookings';
export { TRIAL_PARAM, TryClass } from './components/try-class';
export { trialsApi } from './trials-api';
