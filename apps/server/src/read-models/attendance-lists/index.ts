// Attendance's reads across the enrollments, users, classes and attendances tables
// (docs/decisions/054-module-boundaries.md): app.ts hands them to the attendance module's context.
import type { AttendanceReads } from '../../modules/attendance';
import {
  enrolledAttendees,
  familyAttendancePage,
  isAttendeeOfFamily,
  rollExtras,
} from './attendance-lists.queries';

/** The attendance module's reads, as its context takes them. */
export const attendanceReads: AttendanceReads = {
  enrolledAttendees,
  isAttendeeOfFamily,
  familyAttendancePage,
  rollExtras,
};
