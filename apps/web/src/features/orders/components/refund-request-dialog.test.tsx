import type { OrderRefunds, RefundRequest } from '@atelier/contract';
import { document, resource } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { buildOrder, orderListDocument } from '../../../testing/order-builders';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { OrdersPage } from './orders-page';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const base = buildOrder();
const paid = buildOrder({
  id: '502',
  status: 'paid',
  paid_at: '2026-11-20T15:00:00.000Z',
  payment: null,
  total: 24000,
  items: [
    {
      ...(base.items[0] as (typeof base.items)[number]),
      number_of_attendees: 2,
      total: 24000,
      attendees: [
        { id: '21', name: 'Kid Lovelace' },
        { id: '22', name: 'Ada Lovelace' },
      ],
    },
  ],
});

const request = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  id: '9',
  type: 'refund_requests',
  order_id: '502',
  status: 'pending',
  reason: 'Moving away',
  attendees: [{ id: '22', name: 'Ada Lovelace' }],
  whole_order: false,
  suggested_amount: 12000,
  currency: 'USD',
  requested_by: { id: '1', name: 'Grace', email: 'g@example.test' },
  order: { status: 'paid', total: 24000, refunded_amount: 0, paid_at: null },
  decision_note: null,
  decided_at: null,
  created_at: '2026-11-21T15:00:00.000Z',
  ...overrides,
});

function refundsDocument(state: Partial<OrderRefunds>) {
  const { id, type, ...attributes } = {
    id: '502',
    type: 'order_refunds',
    currency: 'USD',
    total: 24000,
    refunded_amount: 0,
    pending_amount: 0,
    refundable_amount: 24000,
    refund_methods: [{ method: 'card', max: 24000 }],
    refund_requests: [],
    refunds: [],
    ...state,
  };
  return document(resource(type, id, attributes));
}

function renderOrders() {
  const store = makeStore({ session: { status: 'loaded', user: buildUser() } });
  return renderWithProviders(
    <Routes>
      <Route path="/orders" element={<OrdersPage />} />
      <Route path="/refund/complete" element={<p>refund complete page</p>} />
    </Routes>,
    { store, route: '/orders' },
  );
}

const listing = {
  'GET /api/v2/orders': (r: { params: Record<string, unknown> }) => ({
    data: orderListDocument(r.params.status === 'purchased' ? [paid] : []),
  }),
};

describe('refund requests on /orders (docs/architecture.md#refunds)', { timeout: 30_000 }, () => {
  it('asks for a refund for one attendee with a reason, then goes to /refund/complete', async () => {
    server = fakeApi({
      ...listing,
      'GET /api/v2/orders/502/refunds': { data: refundsDocument({}) },
      'POST /api/v2/orders/502/refund_requests': {
        status: 201,
        data: document(
          (({ id, type, ...attributes }) => resource(type, id, attributes))(request()),
        ),
      },
    });
    const { user } = renderOrders();
    await user.click(await screen.findByTestId('order-request-refund'));
    const dialog = await screen.findByTestId('refund-request-dialog');
    expect(dialog).toHaveTextContent('Request a refund for order 502');

    await user.click(within(dialog).getByRole('radio', { name: 'Some attendees only' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Moving away');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    // Nobody chosen: the form says so and sends nothing.
    expect(await within(dialog).findByText('Choose at least one attendee')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ada Lovelace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('refund complete page')).toBeInTheDocument();
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ reason: 'Moving away', attendee_profile_ids: ['22'] });
  });

  it('asks for the whole order by default; a reason is required', async () => {
    server = fakeApi({
      ...listing,
      'GET /api/v2/orders/502/refunds': { data: refundsDocument({}) },
      'POST /api/v2/orders/502/refund_requests': {
        status: 201,
        data: document(
          (({ id, type, ...attributes }) => resource(type, id, attributes))(
            request({ attendees: [], whole_order: true }),
          ),
        ),
      },
    });
    const { user } = renderOrders();
    await user.click(await screen.findByTestId('order-request-refund'));
    const dialog = await screen.findByTestId('refund-request-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Schedule clash');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('refund complete page')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      reason: 'Schedule clash',
    });
  });

  it('shows a waiting request, the refunds and the amount refunded, without offering another request', async () => {
    server = fakeApi({
      ...listing,
      'GET /api/v2/orders/502/refunds': {
        data: refundsDocument({
          refunded_amount: 5000,
          refundable_amount: 19000,
          refund_requests: [request()],
          refunds: [
            {
              id: '3',
              type: 'refunds',
              order_id: '502',
              refund_request_id: null,
              amount: 5000,
              currency: 'USD',
              reason: 'Goodwill',
              status: 'succeeded',
              method: 'card',
              send_after: null,
              attendees: [],
              created_at: '2026-11-20T18:00:00.000Z',
              updated_at: '2026-11-20T18:00:00.000Z',
            },
          ],
        }),
      },
    });
    renderOrders();
    const state = await screen.findByTestId('order-refunds');
    expect(state).toHaveTextContent('Refunded: $50.00');
    expect(within(state).getByTestId('refund-request-state')).toHaveTextContent(
      /waiting for the school’s decision.*For: Ada Lovelace/,
    );
    expect(within(state).getByTestId('refund-line')).toHaveTextContent('Refund of $50.00 (done)');
    await waitFor(() => expect(screen.queryByTestId('order-request-refund')).toBeNull());
  });
});
