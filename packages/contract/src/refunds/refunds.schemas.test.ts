import { describe, expect, it } from 'vitest';
import { REFUND_PAGES, REFUNDS_API } from './refunds.paths';
import {
  directRefundBodySchema,
  refundDecisionBodySchema,
  refundRequestBodySchema,
} from './refunds.schemas';

describe('refund bodies', () => {
  it('takes a reason and attendee ids, each once, as numbers', () => {
    const body = refundRequestBodySchema.parse({
      reason: '  Moving away  ',
      attendee_profile_ids: ['3', '4', '3'],
    });
    expect(body).toEqual({ reason: 'Moving away', attendee_profile_ids: [3, 4] });
    expect(refundRequestBodySchema.parse({ reason: 'x' }).attendee_profile_ids).toBeUndefined();
  });

  it('refuses an empty reason, a bad id and a non-whole amount', () => {
    expect(refundRequestBodySchema.safeParse({ reason: ' ' }).success).toBe(false);
    expect(
      refundRequestBodySchema.safeParse({ reason: 'x', attendee_profile_ids: [3] }).success,
    ).toBe(false);
    expect(directRefundBodySchema.safeParse({ reason: 'x', amount: 1.5 }).success).toBe(false);
    expect(directRefundBodySchema.safeParse({ reason: 'x', amount: 0 }).success).toBe(false);
    expect(refundDecisionBodySchema.safeParse({ decision: 'maybe' }).success).toBe(false);
    expect(refundDecisionBodySchema.parse({ decision: 'approve', amount: 500 })).toEqual({
      decision: 'approve',
      amount: 500,
    });
  });

  it('names its paths', () => {
    expect(REFUNDS_API.orderRefundRequests(4)).toBe('/api/v2/orders/4/refund_requests');
    expect(REFUNDS_API.adminRefundRequest(5)).toBe('/api/v2/admin/refund_requests/5');
    expect(REFUNDS_API.adminOrderRefunds(6)).toBe('/api/v2/admin/orders/6/refunds');
    expect(REFUND_PAGES.complete).toBe('/refund/complete');
  });
});
