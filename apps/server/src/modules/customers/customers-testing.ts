import { CUSTOMERS_API } from '@atelier/contract';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { as, type Person } from '../classes/classes-testing';

/**
 * Someone to call, as staff type it at the desk: everyone booked for a walk-in has one
 * (docs/product.md#the-childs-card), so the tests' walk-in bookings give this one.
 */
export const deskContact = { name: 'Dee Desk', relation: 'aunt', phone: '+1 212 555 0100' };

/** A walk-in customer added by `admin` through the API (with an e-mail if given); their id. */
export async function newWalkIn(
  t: TestApp,
  admin: Person,
  name: string,
  email?: string,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: CUSTOMERS_API.guestCustomers,
    headers: as(admin),
    payload: { guest_customer: { name, ...(email ? { email } : {}) } },
  });
  if (res.statusCode !== 201) throw new Error(`walk-in: ${res.body}`);
  return res.json().data.id;
}
