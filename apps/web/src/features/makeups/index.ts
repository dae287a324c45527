// The makeups feature's public face (docs/architecture.md#repository-layout-and-layers): "Report
// absence" on a family's upcoming session and the family's make-up credits on /classes.

export { MakeupCredits } from './components/makeup-credits';
export { ReportAbsence } from './components/report-absence';
export { makeupsApi } from './makeups-api';
