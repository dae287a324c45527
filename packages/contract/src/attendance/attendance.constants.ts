// Attendance's constants, apart from its schemas: the web's first-visit code reads the messages
// without bringing zod (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late'] as const;
/** A mark; `null` where one is allowed means "not marked". */
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** The most marks one save may carry (a schedule's capacity is far below). */
export const ATTENDANCE_MAX_MARKS = 200;

/** Why a save is refused (409 details and 422 field messages). */
export const ATTENDANCE_MESSAGES = {
  cancelled: 'This session is cancelled: there is no attendance to take',
  tooEarly: 'Attendance can be taken from the day of the session',
  notEnrolled: 'Not enrolled in this class',
  listedTwice: 'Listed twice',
  badStatus: 'Choose present, absent or late',
} as const;
