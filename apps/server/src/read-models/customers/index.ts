// Account holders as staff see them, a read model over the users, orders, refunds, enrollments and
// classes tables: app.ts hands these reads to the customers module's context
// (docs/architecture.md#read-models).
export { customerById, customerPage, enrollmentsOfFamily } from './customers.queries';
