import { describe, expect, it } from 'vitest';
import type { MailContext } from './layout';
import { type RefundIssuedParams, refundIssuedMail } from './refund-issued';

const ctx: MailContext = {
  schoolName: 'Blue Door Art School',
  appUrl: 'https://art.example/app',
  contactEmail: 'hello@art.example',
};

const params: RefundIssuedParams = {
  name: 'Ana',
  orderId: 42,
  currency: 'USD',
  amount: 3600,
  refundedTotal: 3600,
  attendees: [],
  full: false,
};

// Refunds go back by card, cash, check or as account credit (docs/decisions/065): the mail
// names the way, and only a card refund sends the family to their statement.
describe('the refund mail names how the money went back', () => {
  it.each([
    ['card', 'to the card you paid with', 'カードへ返金'],
    ['cash', 'in cash at the desk', '現金で返金'],
    ['check', 'by check', '小切手で返金'],
    ['credit', 'as account credit', 'アカウントのクレジットとして返金'],
  ] as const)('%s, in English and Japanese', (method, en, ja) => {
    const english = refundIssuedMail('en', { ...params, method }, ctx).text;
    expect(english).toContain(`We have refunded $36.00 for order #42 ${en}`);
    expect(refundIssuedMail('ja', { ...params, method }, ctx).text).toContain(ja);
    if (method !== 'card') expect(english).not.toMatch(/card|statement/i);
  });

  it('an older queued mail with no method reads as a card refund, as it was', () => {
    expect(refundIssuedMail('en', params, ctx).text).toContain('to the card you paid with');
  });
});
