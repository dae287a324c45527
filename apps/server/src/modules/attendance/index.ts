// The attendance module's public face: app.ts imports from here only, apart from its *.tables.ts
// for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export type {
  AttendanceReads,
  Attendee,
  FamilyAttendanceRow,
  FamilyFilter,
} from './attendance.context';
export { type AttendanceRoutesOptions, attendanceRoutes } from './attendance.routes';
