type Id = string | number;

/** API paths of attendance (docs/product.md#attendance). */
export const ATTENDANCE_API = {
  /** GET the session's roll (its teacher or an admin) / PUT {attendances: [{attendee_profile_id, status}]}. */
  klass: (klassId: Id) => `/api/v1/klasses/${klassId}/attendances`,
} as const;
