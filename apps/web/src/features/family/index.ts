// The family feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export { FamilyMembers } from './components/family-members';
export { familyApi } from './family-api';
