// The child-care module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export { seedDemoChildCare } from './child-care.seed';
export {
  attendeesLackingEmergencyContact,
  type CardBody,
  childCardsOf,
  medicalAccessLogOf,
  pickupIdsOfChild,
  pickupPhotosOfChild,
  recordMedicalAccess,
  replacePickupPhoto,
  requireEmergencyContacts,
  rollCareOf,
  saveChildCard,
  teachesChild,
  touchesCard,
} from './child-care.service';
