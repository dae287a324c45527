// Who a notice goes to, read across the enrollments and users tables
// (docs/decisions/054-module-boundaries.md): app.ts hands these reads to the modules that tell
// families, as functions in their context.
export {
  type Family,
  familiesEnrolledIn,
  familiesOfSchedule,
  familiesTaughtBy,
  familiesToWrite,
  recipientsOfMessage,
} from './audiences.queries';
