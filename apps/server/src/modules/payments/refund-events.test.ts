import { describe, expect, it } from 'vitest';
import type { VerifiedEvent } from './payment-provider';
import { refundOutcomeOf } from './refund-events';

const event = (type: string, refund: Record<string, unknown>) =>
  ({
    id: 'evt_1',
    type,
    data: { object: { object: 'refund', id: 're_1', ...refund } },
  }) as unknown as VerifiedEvent;

const ours = { metadata: { order_id: '7', refund_id: '12' }, payment_intent: 'pi_1', amount: 500 };

describe('refund events (docs/architecture.md#refunds)', () => {
  it('maps a settled refund of ours from refund.created / refund.updated / refund.failed', () => {
    expect(refundOutcomeOf(event('refund.updated', { ...ours, status: 'succeeded' }))).toEqual({
      type: 'succeeded',
      refundId: 12,
      orderId: 7,
      providerRefundId: 're_1',
      intentId: 'pi_1',
      amount: 500,
      message: null,
    });
    expect(refundOutcomeOf(event('refund.created', { ...ours, status: 'succeeded' }))?.type).toBe(
      'succeeded',
    );
    expect(
      refundOutcomeOf(
        event('refund.failed', { ...ours, status: 'failed', failure_reason: 'lost' }),
      ),
    ).toMatchObject({ type: 'failed', message: 'lost' });
    expect(refundOutcomeOf(event('refund.updated', { ...ours, status: 'canceled' }))?.type).toBe(
      'failed',
    );
  });

  it('ignores refunds still pending, refunds not ours, charge.refunded and malformed objects', () => {
    expect(refundOutcomeOf(event('refund.updated', { ...ours, status: 'pending' }))).toBeNull();
    expect(
      refundOutcomeOf(event('refund.updated', { status: 'succeeded', metadata: {} })),
    ).toBeNull();
    expect(refundOutcomeOf(event('charge.refunded', { ...ours, status: 'succeeded' }))).toBeNull();
    expect(
      refundOutcomeOf(event('refund.updated', { ...ours, status: 'succeeded', object: 'charge' })),
    ).toBeNull();
    expect(
      refundOutcomeOf({
        id: 'evt_2',
        type: 'refund.updated',
        data: {},
      } as unknown as VerifiedEvent),
    ).toBeNull();
  });
});
