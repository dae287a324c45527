import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { OrderDetailDialog } from './order-detail-dialog';
import { detail, orderDocument } from './order-management-testing';

configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const withRequest = detail({
  pending_refund_requests: 1,
  refund_requests: [
    {
      id: '6',
      status: 'pending',
      reason: 'Leo moved away',
      whole_order: false,
      attendees: [{ id: '12', name: 'Leo Parent' }],
      suggested_amount: 12000,
      requested_by: { id: '5', name: 'Pat Parent', email: 'pat@example.com' },
      decided_by: null,
      decision_note: null,
      decided_at: null,
      created_at: '2026-11-21T15:00:00.000Z',
    },
  ],
  refunds: [
    {
      id: '2',
      refund_request_id: null,
      amount: 1000,
      reason: 'Late start',
      status: 'succeeded',
      method: 'card',
      attendees: [],
      created_by: { id: '1', name: 'Ada Admin' },
      created_at: '2026-11-21T16:00:00.000Z',
    },
  ],
  refunded_amount: 1000,
  refundable_amount: 23000,
});

function open(routes: Parameters<typeof fakeApi>[0], onDone = vi.fn()) {
  server = fakeApi(routes);
  renderWithProviders(
    <OrderDetailDialog
      orderId="41"
      timeZone="America/New_York"
      onClose={vi.fn()}
      onDone={onDone}
    />,
  );
  return onDone;
}

const bodies = (api: FakeApi | undefined, method: string, url: string) =>
  (api?.requests ?? []).filter((r) => r.method === method && r.url === url).map((r) => r.body);

describe('order detail (order management)', { timeout: 30_000 }, () => {
  it('shows the items, payments, refunds and the history with who did what', async () => {
    open({ 'GET /api/v2/admin/orders/41': { data: orderDocument(withRequest) } });
    const dialog = await screen.findByTestId('order-detail-dialog');
    await within(dialog).findByText('Observational Drawing – Saturday mornings');
    expect(within(dialog).getByText('For: Mia Parent, Leo Parent')).toBeInTheDocument();
    expect(within(dialog).getByText('fake $240.00: succeeded')).toBeInTheDocument();
    expect(within(dialog).getByText('$10.00: Late start')).toBeInTheDocument();
    const history = within(screen.getByTestId('order-history'));
    expect(history.getByText('Placed')).toBeInTheDocument();
    expect(history.getByText(/by Pat Parent/)).toBeInTheDocument();
    expect(history.getByText('Payment failed')).toBeInTheDocument();
    expect(history.getByText(/Your card was declined\./)).toBeInTheDocument();
    // A type this page has no words for shows as it is.
    expect(history.getByText('something_new')).toBeInTheDocument();
    // Paid: no cancel, but what is left can be refunded.
    expect(within(dialog).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
  });

  it('approves a request: the share is left to the server unless the amount is changed', async () => {
    const onDone = open({
      'GET /api/v2/admin/orders/41': { data: orderDocument(withRequest) },
      'PUT /api/v2/admin/refund_requests/6': { data: {} },
    });
    const request = await screen.findByTestId('refund-request-6');
    expect(within(request).getByText(/Their share: \$120\.00/)).toBeInTheDocument();
    fireEvent.click(within(request).getByRole('button', { name: 'Approve' }));
    let decision = await screen.findByTestId('refund-decision-dialog');
    expect(within(decision).getByLabelText(/Amount to refund/)).toHaveValue('120');
    fireEvent.click(within(decision).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('The refund request was approved.'));
    expect(bodies(server, 'PUT', '/api/v2/admin/refund_requests/6')).toEqual([
      { decision: 'approve' },
    ]);

    fireEvent.click(within(request).getByRole('button', { name: 'Approve' }));
    decision = await screen.findByTestId('refund-decision-dialog');
    fireEvent.change(within(decision).getByLabelText(/Amount to refund/), {
      target: { value: '50.5' },
    });
    fireEvent.change(within(decision).getByLabelText('Note (optional)'), {
      target: { value: 'Half of the term is left' },
    });
    fireEvent.click(within(decision).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(bodies(server, 'PUT', '/api/v2/admin/refund_requests/6').at(-1)).toEqual({
        decision: 'approve',
        amount: 5050,
        note: 'Half of the term is left',
      }),
    );
  });

  it('rejects a request with a reason, and refunds an amount directly', async () => {
    const onDone = open({
      'GET /api/v2/admin/orders/41': { data: orderDocument(withRequest) },
      'PUT /api/v2/admin/refund_requests/6': { data: {} },
      'POST /api/v2/admin/orders/41/refunds': { status: 201, data: {} },
    });
    const request = await screen.findByTestId('refund-request-6');
    fireEvent.click(within(request).getByRole('button', { name: 'Reject' }));
    const decision = await screen.findByTestId('refund-decision-dialog');
    expect(within(decision).queryByLabelText(/Amount to refund/)).toBeNull();
    fireEvent.change(within(decision).getByLabelText('Why (optional)'), {
      target: { value: 'The term has ended' },
    });
    fireEvent.click(within(decision).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('The refund request was rejected.'));
    expect(bodies(server, 'PUT', '/api/v2/admin/refund_requests/6')).toEqual([
      { decision: 'reject', note: 'The term has ended' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const refund = await screen.findByTestId('refund-dialog');
    expect(within(refund).getByLabelText(/Amount to refund/)).toHaveValue('230');
    fireEvent.click(within(refund).getByRole('button', { name: 'Refund' }));
    // A reason is required before anything is sent.
    expect(await within(refund).findByText('Required')).toBeInTheDocument();
    expect(bodies(server, 'POST', '/api/v2/admin/orders/41/refunds')).toEqual([]);
    fireEvent.change(within(refund).getByLabelText(/Reason/), { target: { value: 'Goodwill' } });
    fireEvent.change(within(refund).getByLabelText(/Amount to refund/), {
      target: { value: '20' },
    });
    fireEvent.click(within(refund).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('The refund was sent.'));
    expect(bodies(server, 'POST', '/api/v2/admin/orders/41/refunds')).toEqual([
      { amount: 2000, reason: 'Goodwill' },
    ]);
  });

  it('cancels a pending order, and explains a 409', async () => {
    const pending = detail({ status: 'pending', refundable_amount: 0, paid_at: null });
    let cancels = 0;
    const onDone = open({
      'GET /api/v2/admin/orders/41': { data: orderDocument(pending) },
      'POST /api/v2/admin/orders/41/cancel': () => {
        cancels += 1;
        return cancels === 1
          ? { data: orderDocument({ ...pending, status: 'canceled' }) }
          : { status: 409, data: { errors: [{ status: '409', code: 'conflict', detail: 'x' }] } };
      },
    });
    const dialog = await screen.findByTestId('order-detail-dialog');
    expect(await within(dialog).findByText('Waiting for payment')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    let confirm = await screen.findByTestId('cancel-order-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Order #41 was cancelled.'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    confirm = await screen.findByTestId('cancel-order-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    expect(
      await within(confirm).findByText('Only a pending order can be cancelled.'),
    ).toBeInTheDocument();
    expect(cancels).toBe(2);
  });

  it('saves a paid order’s receipt as a PDF for staff', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    open({
      'GET /api/v2/admin/orders/41': { data: orderDocument(withRequest) },
      'GET /api/v2/orders/41/receipt.pdf': { data: new Blob(['%PDF-1.3']) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['receipt-41.pdf']));
    click.mockRestore();
  });
});
