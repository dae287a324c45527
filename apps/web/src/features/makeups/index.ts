// The makeups feature's public face (docs/architecture.md#repository-layout-and-layers): "Report
// absence" on a family's upcoming session, the family's make-up credits on /classes (take an
// absence back, cancel a make-up), and an admin's "Grant make-up credit" on a roll.

export { GrantMakeupCredit } from './components/grant-makeup-credit';
export { MakeupCredits } from './components/makeup-credits';
export { ReportAbsence } from './components/report-absence';
export { makeupsApi } from './makeups-api';
