import { z } from 'zod';
import { defineResource } from '../common/resource';
import { CUSTOMERS_API } from './customers.paths';
import {
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NOTES_MAX,
  CUSTOMER_PHONE_MAX,
  customerListQuerySchema,
  guestCustomerBodySchema,
  guestCustomerDetailSchema,
  guestCustomerDocumentSchema,
  guestCustomerListDocumentSchema,
  guestCustomerResourceSchema,
  guestCustomerSchema,
} from './customers.schemas';

/**
 * Walk-in customers as an admin-managed resource (docs/architecture.md#adding-a-resource): no
 * delete (their orders are the school's records), and a fuller member (attendees, orders) than
 * the list's rows.
 */
export const guestCustomerResource = defineResource({
  name: 'guest_customer',
  type: 'guest_customers',
  paths: { collection: CUSTOMERS_API.guestCustomers, member: CUSTOMERS_API.guestCustomer },
  fields: {
    name: { kind: 'text', label: 'customers.name', required: true, max: CUSTOMER_NAME_MAX },
    email: {
      kind: 'text',
      label: 'customers.email',
      max: CUSTOMER_EMAIL_MAX,
      nullable: true,
      inputType: 'email',
    },
    phone: { kind: 'text', label: 'customers.phone', max: CUSTOMER_PHONE_MAX, nullable: true },
    notes: {
      kind: 'multiline',
      label: 'customers.notes',
      max: CUSTOMER_NOTES_MAX,
      column: false,
    },
  },
  attributes: guestCustomerResourceSchema.shape.attributes,
  create: guestCustomerBodySchema.shape.guest_customer,
  listQuery: customerListQuerySchema,
  documents: { list: guestCustomerListDocumentSchema, member: guestCustomerDocumentSchema },
  flat: { list: z.array(guestCustomerSchema), member: guestCustomerDetailSchema },
});
