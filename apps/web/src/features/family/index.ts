// The family feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export { EmergencyContactForm } from './components/emergency-contact-form';
export { FamilyGuardians } from './components/family-guardians';
export { FamilyMembers } from './components/family-members';
export { GuardianInvitation } from './components/guardian-invitation';
export { familyApi } from './family-api';
