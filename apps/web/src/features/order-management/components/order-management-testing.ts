import type { AdminOrder, AdminOrderSummary } from '@atelier/contract';

// Orders as the admin routes answer them, for the order management tests.

export function summary(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    id: '41',
    type: 'orders',
    status: 'paid',
    currency: 'usd',
    subtotal: 24000,
    discount: 0,
    total: 24000,
    refunded_amount: 0,
    created_at: '2026-11-20T15:00:00.000Z',
    paid_at: '2026-11-20T15:05:00.000Z',
    customer: { kind: 'account', id: '5', name: 'Pat Parent', email: 'pat@example.com' },
    programmes: ['Observational Drawing'],
    attendee_count: 2,
    pending_refund_requests: 0,
    ...overrides,
  };
}

export function detail(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...summary(),
    expires_at: '2026-11-20T15:15:00.000Z',
    closed_at: null,
    payment_error: null,
    placed_by: null,
    items: [
      {
        id: '7',
        klass_group: { id: '3', name: 'Observational Drawing', slug: 'drawing', image_url: null },
        klass_group_schedule: {
          id: '9',
          name: 'Saturday mornings',
          time_zone: 'America/New_York',
          start_date: '2026-12-05',
          end_date: '2027-02-27',
          teacher_name: 'Theo Teacher',
          sessions: [],
        },
        plan: {
          id: '2',
          name: 'Whole term',
          base_price: 12000,
          unit_price: 0,
          unit_type: 'term',
        },
        addons: [],
        coupon: null,
        number_of_attendees: 2,
        units: 1,
        subtotal: 24000,
        discount: 0,
        total: 24000,
        attendees: [
          { id: '11', name: 'Mia Parent' },
          { id: '12', name: 'Leo Parent' },
        ],
      },
    ],
    payments: [
      {
        id: '1',
        provider: 'fake',
        intent_id: 'pi_test_41',
        amount: 24000,
        currency: 'usd',
        status: 'succeeded',
        last_error: null,
        created_at: '2026-11-20T15:00:00.000Z',
        updated_at: '2026-11-20T15:05:00.000Z',
      },
    ],
    refund_requests: [],
    refunds: [],
    pending_refund_amount: 0,
    refundable_amount: 24000,
    events: [
      {
        id: '1',
        type: 'placed',
        actor: { id: '5', name: 'Pat Parent' },
        data: {},
        created_at: '2026-11-20T15:00:00.000Z',
      },
      {
        id: '2',
        type: 'payment_failed',
        actor: null,
        data: { message: 'Your card was declined.' },
        created_at: '2026-11-20T15:02:00.000Z',
      },
      { id: '3', type: 'paid', actor: null, data: {}, created_at: '2026-11-20T15:05:00.000Z' },
      {
        id: '4',
        type: 'something_new',
        actor: null,
        data: {},
        created_at: '2026-11-20T15:06:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** A JSON:API document of one order or a page of them. */
export function orderDocument(order: AdminOrder) {
  const { id, type, ...attributes } = order;
  return { data: { id, type, attributes } };
}

export function orderListDocument(orders: AdminOrderSummary[], total = orders.length, page = 1) {
  return {
    data: orders.map(({ id, type, ...attributes }) => ({ id, type, attributes })),
    meta: { total, page, per_page: 20 },
  };
}
