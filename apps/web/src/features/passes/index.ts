// The passes feature's public face (docs/architecture.md#repository-layout-and-layers): the
// family's class passes and drop-ins on /orders, a visit booked from a programme's booking card,
// and /manage_passes.

export { FamilyPasses } from './components/family-passes';
export { ManagePasses } from './components/manage-passes';
export { UsePass } from './components/use-pass';
export { passesApi } from './passes-api';
