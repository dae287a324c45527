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

/** The refunds API's view of order 41 as the dialogs read it: its ways back, the default first. */
const refundState = (methods: { method: string; max: number }[]) => ({
  data: {
    id: '41',
    type: 'order_refunds',
    attributes: {
      currency: 'USD',
      total: 24000,
      refunded_amount: 0,
      pending_amount: 0,
      refundable_amount: 24000,
      refund_methods: methods,
      refund_requests: [],
      refunds: [],
    },
  },
});

const walkInMethods = [
  { method: 'cash', max: 24000 },
  { method: 'check', max: 24000 },
  { method: 'credit', max: 24000 },
];

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

const posted = () =>
  (server?.requests ?? [])
    .filter((r) => r.method === 'POST' && r.url === '/api/v2/admin/orders/41/refunds')
    .map((r) => r.body);

describe('refund dialogs: method, who leaves, refusals', { timeout: 30_000 }, () => {
  it('refunds in a method chosen from the order’s ways back, ending the places of the attendees ticked', async () => {
    const onDone = open({
      'GET /api/v2/admin/orders/41': { data: orderDocument(detail({})) },
      'GET /api/v2/orders/41/refunds': { data: refundState(walkInMethods) },
      'POST /api/v2/admin/orders/41/refunds': { status: 201, data: {} },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByTestId('refund-dialog');
    const method = await within(dialog).findByRole('combobox', { name: 'Refund to' });
    expect(method).toHaveTextContent('Cash at the desk (at most $240.00)');
    fireEvent.mouseDown(method);
    fireEvent.click(await screen.findByRole('option', { name: 'Check (at most $240.00)' }));
    const leavers = within(dialog).getByRole('group', { name: 'Who leaves the class' });
    fireEvent.click(within(leavers).getByRole('checkbox', { name: 'Leo Parent' }));
    fireEvent.change(within(dialog).getByLabelText(/Amount to refund/), {
      target: { value: '120' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Moved away' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('The refund was sent.'));
    expect(posted()).toEqual([
      { amount: 12000, reason: 'Moved away', method: 'check', attendee_profile_ids: ['12'] },
    ]);
  });

  it('shows why the server refused, in the dialog: a 409’s reason above the form, a 422 beside the method', async () => {
    let calls = 0;
    open({
      'GET /api/v2/admin/orders/41': { data: orderDocument(detail({})) },
      'GET /api/v2/orders/41/refunds': {
        data: refundState([
          { method: 'card', max: 24000 },
          { method: 'credit', max: 24000 },
        ]),
      },
      'POST /api/v2/admin/orders/41/refunds': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 409,
              data: {
                errors: [
                  {
                    status: '409',
                    code: 'conflict',
                    detail: 'This order has been refunded in full already',
                  },
                ],
              },
            }
          : {
              status: 422,
              data: {
                errors: [
                  {
                    status: '422',
                    code: 'validation_failed',
                    detail:
                      'This order was paid by card: refund it to the card or as account credit',
                    source: { pointer: '/data/attributes/method' },
                    meta: { type: 'validate', field: 'method' },
                  },
                ],
              },
            };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByTestId('refund-dialog');
    await within(dialog).findByRole('combobox', { name: 'Refund to' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('This order has been refunded in full already.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText(
        'This order was paid by card: refund it to the card or as account credit.',
      ),
    ).toBeInTheDocument();
  });

  it('approving a whole-order request asks who leaves', async () => {
    const whole = detail({
      pending_refund_requests: 1,
      refund_requests: [
        {
          id: '7',
          status: 'pending',
          reason: 'Schedule clash',
          whole_order: true,
          attendees: [],
          suggested_amount: 24000,
          requested_by: { id: '5', name: 'Pat Parent', email: 'pat@example.com' },
          decided_by: null,
          decision_note: null,
          decided_at: null,
          created_at: '2026-11-21T15:00:00.000Z',
        },
      ],
    });
    const onDone = open({
      'GET /api/v2/admin/orders/41': { data: orderDocument(whole) },
      'GET /api/v2/orders/41/refunds': {
        data: refundState([
          { method: 'card', max: 24000 },
          { method: 'credit', max: 24000 },
        ]),
      },
      'PUT /api/v2/admin/refund_requests/7': { data: {} },
    });
    const request = await screen.findByTestId('refund-request-7');
    fireEvent.click(within(request).getByRole('button', { name: 'Approve' }));
    const decision = await screen.findByTestId('refund-decision-dialog');
    await within(decision).findByRole('combobox', { name: 'Refund to' });
    fireEvent.change(within(decision).getByLabelText(/Amount to refund/), {
      target: { value: '120' },
    });
    const leavers = within(decision).getByRole('group', { name: 'Who leaves the class' });
    fireEvent.click(within(leavers).getByRole('checkbox', { name: 'Mia Parent' }));
    fireEvent.click(within(decision).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('The refund request was approved.'));
    expect(
      (server?.requests ?? [])
        .filter((r) => r.method === 'PUT' && r.url === '/api/v2/admin/refund_requests/7')
        .map((r) => r.body),
    ).toEqual([{ decision: 'approve', amount: 12000, attendee_profile_ids: ['11'] }]);
  });
});
