type Id = string | number;

/** API paths of attendance (docs/product.md#attendance). */
export const ATTENDANCE_API = {
  /** GET the session's roll (its teacher or an admin) / PUT {attendances: [{attendee_profile_id, status}]}. */
  klass: (klassId: Id) => `/api/v1/klasses/${klassId}/attendances`,
  /** GET the signed-in family's children's attendance of past sessions (`?attendee_profile_id=&klass_id=&page=`). */
  family: '/api/v1/attendances',
  /** GET a schedule's attendance, a page of sessions with every enrolled attendee's mark (admins, its teacher). */
  schedule: (scheduleId: Id) => `/api/v1/klass_group_schedules/${scheduleId}/attendances`,
} as const;
