import { describe, expect, it } from 'vitest';
import type { MailContext } from './layout';
import { type OrderReceiptParams, orderReceiptMail } from './order-receipt';

const ctx: MailContext = {
  schoolName: 'Blue Door Art School',
  appUrl: 'https://art.example/app',
  contactEmail: 'hello@art.example',
  school: { addressLines: ['1 Main St', 'Springfield'], taxId: 'EIN 12-3456789' },
};

const params: OrderReceiptParams = {
  name: 'Ana',
  orderId: 42,
  currency: 'USD',
  subtotal: 30100,
  discounts: [{ code: 'SPRING10', amount: 3010 }],
  total: 27090,
  payments: [{ method: 'card', amount: 27090, card: { brand: 'visa', last4: '4242' } }],
  items: [
    {
      programme: 'Comics Drawing',
      schedule: 'Spring',
      timeZone: 'America/New_York',
      attendees: ['Mia'],
      klasses: ['2030-01-05T15:00:00.000Z'],
      total: 27090,
      subtotal: 30100,
    },
  ],
};

describe('the paid-order mail (docs/product.md#receipts)', () => {
  it('reads as the receipt does: list price, subtotal, each discount, total, the card, the school', () => {
    const { text } = orderReceiptMail('en', params, ctx);
    expect(text).toContain('Comics Drawing (Spring) for Mia: $301.00.');
    expect(text).toContain('Subtotal: $301.00');
    expect(text).toContain('Discount (coupon SPRING10): −$30.10');
    expect(text).toContain('Total: $270.90');
    expect(text).toContain('Paid by: Visa ending in 4242 ($270.90)');
    expect(text).toContain(
      'Issued by: Blue Door Art School, 1 Main St, Springfield · Tax ID: EIN 12-3456789',
    );
  });

  it('says cash for a walk-in, in Japanese too', () => {
    const cash = { ...params, payments: [{ method: 'cash' as const, amount: 27090, card: null }] };
    expect(orderReceiptMail('en', cash, ctx).text).toContain('Paid by: Cash ($270.90)');
    const ja = orderReceiptMail('ja', cash, ctx).text;
    expect(ja).toContain('小計');
    expect(ja).toContain('割引(クーポン SPRING10)');
    expect(ja).toContain('お支払い方法: 現金');
  });

  it('an order paid wholly from account credit says so, charges nothing and names no card', () => {
    const credit = {
      ...params,
      payments: [{ method: 'account_credit' as const, amount: 27090, card: null }],
    };
    const en = orderReceiptMail('en', credit, ctx).text;
    expect(en).toContain(
      'order #42 ($270.90) is paid from your account credit; nothing was charged',
    );
    expect(en).toContain('Paid by: Account credit ($270.90)');
    expect(en).not.toMatch(/card|received your payment/i);
    const ja = orderReceiptMail('ja', credit, ctx).text;
    expect(ja).toContain('アカウントのクレジットからお支払いいただきました');
    expect(ja).toContain('お支払い方法: アカウントのクレジット');
    expect(ja).not.toContain('カード');
  });

  it('an order paid partly by card and partly from credit still thanks for the payment and lists both', () => {
    const split = {
      ...params,
      payments: [
        { method: 'card' as const, amount: 17090, card: { brand: 'visa', last4: '4242' } },
        { method: 'account_credit' as const, amount: 10000, card: null },
      ],
    };
    const en = orderReceiptMail('en', split, ctx).text;
    expect(en).toContain('we received your payment of $270.90');
    expect(en).toContain('Paid by: Visa ending in 4242 ($170.90)');
    expect(en).toContain('Paid by: Account credit ($100.00)');
  });
});
