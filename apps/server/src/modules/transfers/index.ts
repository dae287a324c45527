// The transfers module's public face: app.ts and the read model import from here only, apart
// from its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
// It sits above enrollments, classes, ledger and notifications; nothing below calls it.

export type {
  EnrollmentFacts,
  FamilyContact,
  FamilyEnrollmentRow,
  PlanFacts,
  ScheduleFacts,
  TransferReads,
} from './transfers.context';
export { type TransfersPluginOptions, transfersPlugin } from './transfers.routes';
export { type TransfersContext, transferEntries } from './transfers.service';
