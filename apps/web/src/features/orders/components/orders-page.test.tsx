import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { buildOrder, orderListDocument } from '../../../testing/order-builders';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { selectPendingOrders, selectPurchasedOrders } from '../orders-state';
import { OrdersPage } from './orders-page';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const pending = buildOrder({ id: '501' });
const paid = buildOrder({
  id: '502',
  status: 'paid',
  paid_at: '2026-11-20T15:00:00.000Z',
  payment: null,
  total: 9000,
});

function renderOrders() {
  const store = makeStore({ session: { status: 'loaded', user: buildUser() } });
  return renderWithProviders(
    <Routes>
      <Route path="/orders" element={<OrdersPage />} />
      <Route path="/checkout" element={<p>checkout page</p>} />
    </Routes>,
    { store, route: '/orders' },
  );
}

const listed = (
  request: FakeRequest,
  orders: { pending: (typeof pending)[]; purchased: (typeof paid)[] },
) => ({
  data: orderListDocument(request.params.status === 'pending' ? orders.pending : orders.purchased),
});

describe('/orders (docs/product.md#checkout-and-orders)', { timeout: 30_000 }, () => {
  it('lists pending and purchased orders with items, attendees and totals, kept in the store', async () => {
    server = fakeApi({
      'GET /api/v2/orders': (request) => listed(request, { pending: [pending], purchased: [paid] }),
    });
    const { store } = renderOrders();
    const waiting = await within(screen.getByTestId('orders-pending')).findByTestId('order-card');
    expect(waiting).toHaveTextContent('Observational Drawing');
    expect(waiting).toHaveTextContent('For: Kid Lovelace');
    expect(waiting).toHaveTextContent('$120.00');
    expect(within(waiting).getByTestId('order-status')).toHaveTextContent('Waiting for payment');
    const bought = await within(screen.getByTestId('orders-purchased')).findByTestId('order-card');
    expect(bought).toHaveTextContent('$90.00');
    expect(within(bought).getByTestId('order-status')).toHaveTextContent('Paid');
    expect(selectPendingOrders(store.getState()).map((o) => o.id)).toEqual(['501']);
    expect(selectPurchasedOrders(store.getState()).map((o) => o.id)).toEqual(['502']);
    expect(server.requests.map((r) => r.params)).toEqual(
      expect.arrayContaining([
        { status: 'pending', page: 1 },
        { status: 'purchased', page: 1 },
      ]),
    );
  });

  it('cancels a pending order after asking, and it leaves the list', async () => {
    let canceled = false;
    server = fakeApi({
      'GET /api/v2/orders': (request) =>
        listed(request, { pending: canceled ? [] : [pending], purchased: [] }),
      'DELETE /api/v2/orders/501': () => {
        canceled = true;
        return { status: 204 };
      },
    });
    const { user, store } = renderOrders();
    await user.click(await screen.findByTestId('order-cancel'));
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByTestId('orders-pending-empty')).toBeInTheDocument();
    expect(canceled).toBe(true);
    expect(selectPendingOrders(store.getState())).toEqual([]);
  });

  it('resumes paying a pending order at checkout', async () => {
    server = fakeApi({
      'GET /api/v2/orders': (request) => listed(request, { pending: [pending], purchased: [] }),
    });
    const { user, store } = renderOrders();
    await user.click(await screen.findByTestId('order-pay'));
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
    expect(store.getState().orders.selectedOrderId).toBe('501');
  });

  it('shows a purchased order’s receipt', async () => {
    server = fakeApi({
      'GET /api/v2/orders': (request) => listed(request, { pending: [], purchased: [paid] }),
    });
    const { user } = renderOrders();
    await user.click(await screen.findByTestId('order-receipt'));
    const receipt = await screen.findByTestId('order-receipt-dialog');
    expect(receipt).toHaveTextContent('Receipt for order 502');
    expect(within(receipt).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    await waitFor(() => expect(receipt).toHaveTextContent('$90.00'));
  });

  it('shows who issues the receipt and how it was paid, and downloads it as a PDF', async () => {
    const saved: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:receipt');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    server = fakeApi({
      'GET /api/v2/orders': (request) => listed(request, { pending: [], purchased: [paid] }),
      'GET /api/v2/orders/502/receipt': { data: receiptDocument },
      'GET /api/v2/orders/502/receipt.pdf': {
        data: new Blob(['%PDF-1.3'], { type: 'application/pdf' }),
      },
    });
    const { user } = renderOrders();
    await user.click(await screen.findByTestId('order-receipt'));
    const receipt = await screen.findByTestId('order-receipt-dialog');
    expect(await within(receipt).findByTestId('receipt-school')).toHaveTextContent(
      'Blue Door Art School1 Main StSpringfieldTax ID: EIN 12-3456789',
    );
    expect(within(receipt).getByTestId('receipt-payments')).toHaveTextContent(
      'Visa ending in 4242$90.00',
    );
    await user.click(within(receipt).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['receipt-502.pdf']));
    expect(server.requests.map((r) => r.url)).toContain('/api/v2/orders/502/receipt.pdf');
    click.mockRestore();
  });
});

const receiptDocument = {
  data: {
    id: '502',
    type: 'receipts',
    attributes: {
      school: {
        name: 'Blue Door Art School',
        address_lines: ['1 Main St', 'Springfield'],
        tax_id: 'EIN 12-3456789',
        time_zone: 'America/New_York',
      },
      order_id: '502',
      status: 'paid',
      currency: 'USD',
      ordered_at: '2026-11-20T14:00:00.000Z',
      paid_at: '2026-11-20T15:00:00.000Z',
      items: [],
      subtotal: 9000,
      discounts: [],
      total: 9000,
      payments: [{ method: 'card', amount: 9000, card: { brand: 'visa', last4: '4242' } }],
      refunds: [],
      net_paid: 9000,
    },
  },
};
