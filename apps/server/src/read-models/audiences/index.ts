// Who a notice or a message goes to, read across the enrollments, users, classes and messages
// tables (docs/decisions/054-module-boundaries.md): app.ts hands these reads to the modules that
// tell families, as functions in their context (message-lists gathers the messages module's).
export {
  type Family,
  familiesEnrolledIn,
  familiesOfSchedule,
  familiesTaughtBy,
  familiesToWrite,
  recipientsOfMessage,
} from './audiences.queries';
