// The makeups module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export type {
  CreditDueReminder,
  FamilyAbsenceRow,
  FamilyCreditRow,
  MakeupReads,
  SessionRow,
} from './makeups.context';
export { type MakeupsPluginOptions, makeupsPlugin } from './makeups.routes';
export {
  lockMakeupSeat,
  type MakeupPolicy,
  type MakeupsContext,
  sweepMakeupReminders,
} from './makeups.service';
