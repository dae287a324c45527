// The trials module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export type {
  AddTrialToCart,
  FamilyTrialRow,
  TrialReads,
  TrialSessionRow,
} from './trials.context';
export { type TrialsPluginOptions, trialsPlugin } from './trials.routes';
export {
  bookPaidTrials,
  cancelTrialsOfOrder,
  creditTrialsOnEnrollment,
  type PaidEnrollmentFacts,
  type PaidTrialItem,
  type TrialCartDeps,
  type TrialCartFacts,
  trialCartFacts,
  trialCheckoutErrors,
  trialCreditUntil,
} from './trials.service';
