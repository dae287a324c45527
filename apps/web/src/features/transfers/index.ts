// The transfers feature's public face (docs/architecture.md#repository-layout-and-layers): the
// family's classes with "Change class" on /classes, and staff's "Change class" on a customer.

export { ChangeClassButton } from './components/change-class-button';
export { FamilyClasses } from './components/family-classes';
export { transfersApi } from './transfers-api';
