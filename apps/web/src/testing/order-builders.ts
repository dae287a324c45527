import { type Document, document, type Order, resource } from '@atelier/contract';

/** Test-only: an order as the web holds it (pending, one item, fake provider). */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '501',
    type: 'orders',
    status: 'pending',
    currency: 'USD',
    subtotal: 12000,
    discount: 0,
    total: 12000,
    credit_applied: 0,
    amount_due: 12000,
    created_at: '2026-11-24T00:30:00.000Z',
    expires_at: '2099-11-24T00:45:00.000Z',
    paid_at: null,
    payment_error: null,
    items: [
      {
        id: '601',
        klass_group: {
          id: '41',
          name: 'Observational Drawing',
          slug: 'observational-drawing',
          image_url: null,
        },
        klass_group_schedule: {
          id: '31',
          name: 'Winter term, Saturdays',
          time_zone: 'America/New_York',
          start_date: '2027-01-09',
          end_date: '2027-03-27',
          teacher_name: 'Grace Hopper',
          sessions: [],
        },
        plan: { id: '71', name: 'Per class', base_price: 0, unit_price: 1000, unit_type: 'class' },
        addons: [],
        coupon: null,
        number_of_attendees: 1,
        units: 12,
        subtotal: 12000,
        discount: 0,
        total: 12000,
        attendees: [{ id: '21', name: 'Kid Lovelace' }],
      },
    ],
    payment: { provider: 'fake', client_secret: 'pi_fake_1_secret_abc', publishable_key: null },
    ...overrides,
  };
}

/** Test-only: the JSON:API document of one order. */
export function orderDocument(order: Order): Document {
  const { id, type, ...attributes } = order;
  return document(resource(type, id, attributes));
}

/** Test-only: a page of orders. */
export function orderListDocument(orders: Order[], page = 1, total = orders.length): Document {
  return document(
    orders.map(({ id, type, ...attributes }) => resource(type, id, attributes)),
    { meta: { total, page, per_page: 20 } },
  );
}
