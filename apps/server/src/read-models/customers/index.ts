// Account holders and walk-ins as staff see them, a read model over the users, guest customers,
// orders, refunds, enrollments and classes tables: app.ts hands these reads to the customers module's context
// (docs/architecture.md#read-models).
import type { CustomersReads } from '../../modules/customers';
import {
  customerById,
  customerPage,
  enrollmentsOfFamily,
  guestCustomerById,
  guestCustomerPage,
} from './customers.queries';

/** The customers module's reads, as its context takes them. */
export const customersReads: CustomersReads = {
  customerPage,
  customerById,
  enrollmentsOfFamily,
  guestCustomerPage,
  guestCustomerById,
};
