// The child-care module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export { pickupPhotoIdsOfChildren } from './child-care.repository';
export { seedDemoChildCare } from './child-care.seed';
export {
  addEmergencyContact,
  attendeesLackingEmergencyContact,
  type CardBody,
  childCardsOf,
  medicalAccessLogOf,
  pickupIdsOfChild,
  pickupPhotosOfChild,
  profilesLackingEmergencyContact,
  recordMedicalAccess,
  replacePickupPhoto,
  requireEmergencyContacts,
  rollCareOf,
  saveChildCard,
  teachesChild,
  touchesCard,
} from './child-care.service';
