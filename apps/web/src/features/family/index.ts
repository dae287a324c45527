// The family feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export { EmergencyContactForm } from './components/emergency-contact-form';
export { FamilyMembers } from './components/family-members';
export { familyApi } from './family-api';
