// The agreements module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
// It sits just above users: checkout (orders), the family's privacy choice (family) and the
// gallery's privacy rule ask it, never the other way round.
// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export {
  eraseFamilySignatures,
  joinWalkInSignatures,
  mediaReleaseWithheld,
} from './agreements.repository';
export { agreementsRoutes } from './agreements.routes';
export {
  type AgreementsContext,
  assertAgreementsSignedForBooking,
  assertMaySharePastFamily,
} from './agreements.service';
export { signedForBooking } from './booking-rule';
export {
  assertWalkInAgreements,
  recordPaperAgreements,
  type WalkInAgreementsCheck,
} from './paper-agreements.service';
