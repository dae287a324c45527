import type { CapacityLock } from '../enrollments';
import { lockScheduleCapacityRows } from './schedule-capacities.repository';

/** The lock every taker of seats holds first: the enrollments module counts seats under it. */
export const lockScheduleCapacities: CapacityLock = (db, scheduleIds) =>
  lockScheduleCapacityRows(db, scheduleIds);
