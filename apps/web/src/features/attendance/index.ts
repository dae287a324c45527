// The attendance feature's public face (docs/architecture.md#repository-layout-and-layers): a
// session's attendance in the /classes calendar (the roll for staff, the children's marks for a
// family), the family's list under the calendar, and a schedule's matrix on its staff page, each
// composed by a route file.

export { attendanceApi } from './attendance-api';
export { FamilyAttendance } from './components/family-attendance';
export { type AttendanceKlass, KlassAttendance } from './components/klass-attendance';
export { ScheduleAttendanceAdmin } from './components/schedule-attendance-admin';
