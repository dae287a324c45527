type Id = string | number;

/** API paths of transfers between schedules (docs/product.md#transfers). */
export const TRANSFERS_API = {
  /** GET the signed-in family's active enrollments, and whether the school lets it change them. */
  familyEnrollments: '/api/v2/account/enrollments',
  /** GET the schedules an enrollment may move to, with their seats left (family or admin). */
  options: (enrollmentId: Id) => `/api/v2/enrollments/${enrollmentId}/transfer_options`,
  /** POST {schedule_id, plan_id?, dry_run?}: the family moves its child (when the school allows it). */
  transfer: (enrollmentId: Id) => `/api/v2/enrollments/${enrollmentId}/transfer`,
  /** POST {schedule_id, plan_id?, dry_run?}: an admin moves any enrollment. */
  adminTransfer: (enrollmentId: Id) => `/api/v2/admin/enrollments/${enrollmentId}/transfer`,
} as const;
