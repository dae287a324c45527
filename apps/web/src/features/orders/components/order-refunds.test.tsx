import type { OrderRefunds, Refund, RefundMethod } from '@atelier/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setI18nLanguage } from '../../../i18n/i18n';
import { buildOrder } from '../../../testing/order-builders';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { OrderRefundsState } from './order-refunds';

afterEach(async () => {
  await setI18nLanguage('en');
});

const order = buildOrder({ id: '502', status: 'partially_refunded', total: 24000 });

const refund = (id: string, method: RefundMethod, amount: number): Refund => ({
  id,
  type: 'refunds',
  order_id: '502',
  refund_request_id: null,
  amount,
  currency: 'USD',
  reason: 'Goodwill',
  status: 'succeeded',
  method,
  send_after: null,
  attendees: [],
  created_at: '2026-11-20T18:00:00.000Z',
  updated_at: '2026-11-20T18:00:00.000Z',
});

const state = (refunds: Refund[]): OrderRefunds => ({
  id: '502',
  type: 'order_refunds',
  currency: 'USD',
  total: 24000,
  refunded_amount: refunds.reduce((sum, r) => sum + r.amount, 0),
  pending_amount: 0,
  refundable_amount: 0,
  refund_methods: [],
  refund_requests: [],
  refunds,
});

const dateTime = (iso: string) => iso.slice(0, 10);

// Refunds go back by card, cash, check or as account credit (docs/decisions/065): each line
// says which, so a family does not look on their card statement for money kept as credit.
describe('OrderRefundsState: how each refund went back', () => {
  it('names the method of each refund in English', async () => {
    renderWithProviders(
      <OrderRefundsState
        order={order}
        refunds={state([
          refund('1', 'card', 1000),
          refund('2', 'cash', 2000),
          refund('3', 'check', 3000),
          refund('4', 'credit', 4000),
        ])}
        dateTime={dateTime}
      />,
    );
    const lines = await screen.findAllByTestId('refund-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Refund of $10.00 (done), 2026-11-20 — refunded to your card',
      'Refund of $20.00 (done), 2026-11-20 — refunded in cash',
      'Refund of $30.00 (done), 2026-11-20 — refunded by check',
      'Refund of $40.00 (done), 2026-11-20 — refunded as account credit',
    ]);
  });

  it('names it in Japanese too', async () => {
    renderWithProviders(
      <OrderRefundsState
        order={order}
        refunds={state([refund('4', 'credit', 4000), refund('1', 'card', 1000)])}
        dateTime={dateTime}
      />,
      { preloadedState: { language: { liveLanguage: 'ja' } } },
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('refund-line')[0]).toHaveTextContent(
        'アカウントのクレジットとして返金',
      ),
    );
    expect(screen.getAllByTestId('refund-line')[1]).toHaveTextContent('カードへ返金');
  });
});
