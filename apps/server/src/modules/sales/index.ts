// The sales module's public face: app.ts imports from here only (docs/architecture.md#repository-layout-and-layers).

export { salesRoutes } from './sales.routes';
