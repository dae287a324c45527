// The family module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export { familyRoutes } from './family.routes';
export { familyMembersFor } from './family.service';
export { eraseGuardianLinksOf } from './guardians.repository';
export { guardiansRoutes } from './guardians.routes';
export {
  familyActedForBy,
  familyMailCopies,
  familyOfGuardianSql,
  familyRecipientsOf,
} from './guardians.service';
