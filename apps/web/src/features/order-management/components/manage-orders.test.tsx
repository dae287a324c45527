import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ManageOrders } from './manage-orders';
import { detail, orderDocument, orderListDocument, summary } from './order-management-testing';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const programmes = {
  'GET /api/v1/catalogue/klass_groups': {
    data: {
      data: [
        { id: '3', type: 'klass_groups', attributes: { name: 'Observational Drawing' } },
        { id: '4', type: 'klass_groups', attributes: { name: 'Comics' } },
      ],
      meta: { total: 2, page: 1, per_page: 20 },
    },
  },
};

const walkIn = summary({
  id: '42',
  status: 'pending',
  total: 2500,
  paid_at: null,
  customer: { kind: 'walk_in', id: '8', name: 'Wanda Walkin', email: null },
  programmes: ['Comics'],
  attendee_count: 1,
  pending_refund_requests: 0,
});

const listCalls = (api: FakeApi) =>
  api.requests.filter((r) => r.method === 'GET' && r.url === '/api/v2/admin/orders');

describe('/manage_orders', { timeout: 30_000 }, () => {
  it('lists orders with customer, programmes, status and total', async () => {
    server = fakeApi({
      ...programmes,
      'GET /api/v2/admin/orders': {
        data: orderListDocument([walkIn, summary({ pending_refund_requests: 1 })]),
      },
    });
    renderWithProviders(<ManageOrders />);
    const paid = await screen.findByTestId('order-row-41');
    for (const text of [
      '#41',
      'Pat Parent',
      'pat@example.com',
      'Observational Drawing',
      '2 attendees',
      'Paid',
      '1 refund request waiting',
      '$240.00',
    ]) {
      expect(within(paid).getByText(text)).toBeInTheDocument();
    }
    const pending = screen.getByTestId('order-row-42');
    for (const text of ['Wanda Walkin', 'Walk-in', 'Comics', 'Waiting for payment', '$25.00']) {
      expect(within(pending).getByText(text)).toBeInTheDocument();
    }
  });

  it('sends the status, dates, programme and search as filters, back on page 1', async () => {
    server = fakeApi({
      ...programmes,
      'GET /api/v2/admin/orders': { data: orderListDocument([summary()], 25) },
    });
    renderWithProviders(<ManageOrders />, { route: '/?page=2' });
    await screen.findByTestId('order-row-41');
    expect(listCalls(server)[0]?.params).toEqual({ page: 2 });

    fireEvent.mouseDown(screen.getByLabelText('Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Waiting for payment' }));
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Placed until'), { target: { value: '2026-11-30' } });
    fireEvent.mouseDown(screen.getByLabelText('Programme'));
    fireEvent.click(await screen.findByRole('option', { name: 'Comics' }));
    fireEvent.change(screen.getByLabelText('Search by customer or order number'), {
      target: { value: 'wanda' },
    });
    const api = server;
    await waitFor(() =>
      expect(listCalls(api).at(-1)?.params).toEqual({
        page: 1,
        status: 'pending',
        from: '2026-11-01',
        to: '2026-11-30',
        klass_group_id: '4',
        search: 'wanda',
      }),
    );
  });

  it('exports the filtered orders as CSV', async () => {
    server = fakeApi({
      ...programmes,
      'GET /api/v2/admin/orders': (request) =>
        request.params.format === 'csv'
          ? {
              data: 'order,placed_at\r\n41,2026-11-20\r\n',
              headers: { 'content-type': 'text/csv' },
            }
          : { data: orderListDocument([summary()]) },
    });
    const created: Blob[] = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:orders';
    };
    URL.revokeObjectURL = () => undefined;
    try {
      renderWithProviders(<ManageOrders />);
      await screen.findByTestId('order-row-41');
      fireEvent.mouseDown(screen.getByLabelText('Status'));
      fireEvent.click(await screen.findByRole('option', { name: 'Paid' }));
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(created).toHaveLength(1));
      const csvCall = server.requests.find((r) => r.params.format === 'csv');
      expect(csvCall?.params).toEqual({ status: 'paid', format: 'csv' });
      expect(await created[0]?.text()).toContain('41,2026-11-20');
    } finally {
      URL.createObjectURL = original;
    }
  });

  it('opens an order from its row', async () => {
    server = fakeApi({
      ...programmes,
      'GET /api/v2/admin/orders': { data: orderListDocument([summary()]) },
      'GET /api/v2/admin/orders/41': { data: orderDocument(detail()) },
    });
    renderWithProviders(<ManageOrders />);
    await screen.findByTestId('order-row-41');
    fireEvent.click(screen.getByRole('button', { name: 'View order #41' }));
    const dialog = await screen.findByTestId('order-detail-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Order #41' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Saturday mornings', { exact: false })).toBeVisible();
  });
});
