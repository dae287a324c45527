// Order management's public face (docs/architecture.md#repository-layout-and-layers).
export { type AdminOrdersRouteOptions, adminOrdersRoutes } from './admin-orders.routes';
