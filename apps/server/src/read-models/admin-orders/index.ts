// The admin order list and detail, a read model over orders, payments, refunds and customers (docs/architecture.md#read-models).
export { type AdminOrdersRouteOptions, adminOrdersRoutes } from './admin-orders.routes';
