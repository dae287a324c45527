// Sales figures, a read model over orders and refunds: app.ts imports from here only (docs/architecture.md#read-models).

export { salesRoutes } from './sales.routes';
