// The users module's public face: other modules and app.ts import from here only
// (docs/architecture.md#repository-layout-and-layers).
export { authPlugin, requireRole, requireUser, sessionOf } from './auth.plugin';
