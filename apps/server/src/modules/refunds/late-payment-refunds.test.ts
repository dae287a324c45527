import { LEDGER_API, ORDERS_API, orderRefundsDocumentSchema, REFUNDS_API } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { AppError } from '../../lib/app-error';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, type Person, programmeWithSchedule } from '../classes/classes-testing';
import { enrollments, seatHolds } from '../enrollments/enrollments.tables';
import { notifications } from '../notifications/notifications.tables';
import { orderEvents, orders } from '../orders/orders.tables';
import type { Payments } from '../payments';
import { paymentEvents, payments } from '../payments/payments.tables';
import { users } from '../users/users.tables';
import { setTestUserLocale } from '../users/users-testing';
import { refunds } from './refunds.tables';
import { paidOrder } from './refunds-testing';

// A card paid after the order's seats went to others (docs/decisions/063-late-payments-are-returned.md):
// the money goes back through the provider at once, once, and the family's ledger ends at 0.

describe('late payments are returned', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    // Today's behaviour, the refund sent at once: the hold has tests of its own (held-refunds.test.ts).
    t = await createTestApp({ LATE_PAYMENT_HOLD_MINUTES: '0' });
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const get = (who: Person, url: string) =>
    t.app.inject({ method: 'GET', url, headers: as(who) }).then((r) => r.json());

  /** Moves an order's hold into the past, as if its 15 minutes had gone by. */
  async function expire(orderId: string) {
    const past = new Date(Date.now() - 1000);
    await t.database.db
      .update(orders)
      .set({ expiresAt: past })
      .where(eq(orders.id, Number(orderId)));
    await t.database.db
      .update(seatHolds)
      .set({ expiresAt: past })
      .where(eq(seatHolds.orderId, Number(orderId)));
  }

  /** A family whose hold ran out, a rival who took the last seats, then the family's card paid. */
  async function paidTooLate(locale: 'en' | 'ja', credit = 0) {
    const full = await programmeWithSchedule(t, c, { schedule: { capacity: 2 } });
    const late = await paidOrder(t, c, full, { pay: false, credit });
    await setTestUserLocale(t.database.db, late.buyer.id, locale);
    await expire(late.orderId);
    await paidOrder(t, c, full);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(late.orderId)));
    if (!payment) throw new Error('no payment row');
    const confirm = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.fakePaymentConfirm(payment.intentId),
      payload: { client_secret: payment.clientSecret, card_number: '4242424242424242' },
    });
    return { ...late, full, intentId: payment.intentId, confirmed: confirm.json().status };
  }

  const refundRowsOf = (orderId: string) =>
    t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, Number(orderId)));
  const refundEventsOf = (intentId: string) =>
    t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.intentId, intentId), eq(paymentEvents.type, 'refund.updated')));

  it('the card is refunded in full at once: the order shows refunded with its refund, the ledger ends at 0, mail and notification tell the family', async () => {
    const late = await paidTooLate('en');
    expect(late.confirmed).toBe('succeeded');

    const order = (await get(late.buyer, ORDERS_API.order(late.orderId))).data.attributes;
    expect(order.status).toBe('refunded');
    const enrolled = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.scheduleId, Number(late.full.scheduleId)));
    expect(enrolled.filter((e) => late.kids.includes(e.attendeeProfileId))).toEqual([]);

    const rows = await refundRowsOf(late.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: late.total,
      status: 'succeeded',
      idempotencyKey: `late-payment-${late.orderId}`,
    });
    expect(rows[0]?.providerRefundId).toMatch(/^re_fake_/);
    expect(await refundEventsOf(late.intentId)).toHaveLength(1);

    const shown = orderRefundsDocumentSchema.parse(
      await get(late.buyer, REFUNDS_API.orderRefunds(late.orderId)),
    ).data.attributes;
    expect(shown).toMatchObject({ refunded_amount: late.total, refundable_amount: 0 });
    const purchased = await get(late.buyer, `${ORDERS_API.orders}?status=purchased`);
    expect(purchased.data.map((o: { id: string }) => o.id)).toContain(late.orderId);

    const ledger = await get(late.buyer, LEDGER_API.accountLedger);
    expect(ledger.meta.balance).toBe(0);
    expect(
      ledger.data.map((e: { attributes: { kind: string } }) => e.attributes.kind).sort(),
    ).toEqual(['payment', 'refund']);

    const history = await t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, Number(late.orderId)));
    expect(history.map((e) => e.type)).toEqual(
      expect.arrayContaining(['late_payment_failed', 'refund_started', 'refunded']),
    );

    const [buyer] = await t.database.db.select().from(users).where(eq(users.id, late.buyer.id));
    const mail = await latestMail(t.app, buyer?.email ?? '', 'late_payment_refunded');
    expect(mail?.locale).toBe('en');
    expect(mail?.text).toMatch(/filled up/);
    expect(mail?.text).toMatch(/refunding the card payment in full/);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, late.buyer.id));
    expect(told.map((n) => n.title)).toContain(
      `Order #${late.orderId}: your payment is being refunded`,
    );
  });

  it('an order partly paid from account credit: the card gets back what it paid, and the credit, never spent, stays the family’s', async () => {
    const late = await paidTooLate('en', 5000);
    expect(late.confirmed).toBe('succeeded');
    const rows = await refundRowsOf(late.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: late.total - 5000,
      status: 'succeeded',
      method: 'card',
    });
    const ledger = await get(late.buyer, LEDGER_API.accountLedger);
    expect(ledger.meta.balance).toBe(-5000);
  });

  it('in Japanese for a Japanese family', async () => {
    const late = await paidTooLate('ja');
    expect(late.confirmed).toBe('succeeded');
    const [buyer] = await t.database.db.select().from(users).where(eq(users.id, late.buyer.id));
    const mail = await latestMail(t.app, buyer?.email ?? '', 'late_payment_refunded');
    expect(mail?.locale).toBe('ja');
    expect(mail?.subject).toContain('全額返金');
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, late.buyer.id));
    expect(told.map((n) => n.title)).toContain(
      `ご注文 #${late.orderId} のお支払いを返金しています`,
    );
  });

  /** The app started again on the same database; its payment repair applies what was left. */
  async function restartUntilApplied(eventId: string) {
    const again = await buildApp(t.config, {
      mail: { worker: { autoStart: false } },
      database: t.database,
    });
    await again.ready();
    try {
      await expect
        .poll(
          async () =>
            (
              await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId))
            )[0]?.appliedAt ?? null,
          { timeout: 20_000 },
        )
        .not.toBeNull();
    } finally {
      await again.close();
    }
  }

  it('a provider out of reach leaves the refund pending and the payment event unapplied; the repair sends it, once', async () => {
    const pay = t.app.getDecorator<Payments>('payments');
    const refund = pay.refund;
    pay.refund = async () => {
      throw new AppError('unavailable', 'The payment provider could not be reached');
    };
    let late: Awaited<ReturnType<typeof paidTooLate>>;
    try {
      late = await paidTooLate('en');
    } finally {
      pay.refund = refund;
    }
    const eventId = `evt_fake_${late.intentId}_succeeded`;
    const [event] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, eventId));
    expect(event?.appliedAt).toBeNull();
    const pending = await refundRowsOf(late.orderId);
    expect(pending.map((r) => [r.status, r.providerRefundId])).toEqual([['pending', null]]);
    expect((await get(late.buyer, ORDERS_API.order(late.orderId))).data.attributes.status).toBe(
      'failed',
    );

    await restartUntilApplied(eventId);
    const rows = await refundRowsOf(late.orderId);
    expect(rows.map((r) => [r.id, r.status])).toEqual([[pending[0]?.id, 'succeeded']]);
    expect(await refundEventsOf(late.intentId)).toHaveLength(1);
    expect((await get(late.buyer, LEDGER_API.accountLedger)).meta.balance).toBe(0);
    expect((await get(late.buyer, ORDERS_API.order(late.orderId))).data.attributes.status).toBe(
      'refunded',
    );
  });

  it('the success applied again (the payment repair after a crash) refunds nothing more', async () => {
    const late = await paidTooLate('en');
    expect(late.confirmed).toBe('succeeded');
    const eventId = `evt_fake_${late.intentId}_succeeded`;
    // As a process killed before marking the event applied leaves it.
    await t.database.db
      .update(paymentEvents)
      .set({ appliedAt: null })
      .where(eq(paymentEvents.id, eventId));
    await restartUntilApplied(eventId);
    const rows = await refundRowsOf(late.orderId);
    expect(rows.map((r) => [r.amount, r.status])).toEqual([[late.total, 'succeeded']]);
    expect(await refundEventsOf(late.intentId)).toHaveLength(1);
    const ledger = await get(late.buyer, LEDGER_API.accountLedger);
    expect(ledger.meta).toMatchObject({ balance: 0, total: 2 });
    expect((await get(late.buyer, ORDERS_API.order(late.orderId))).data.attributes.status).toBe(
      'refunded',
    );
  });
});
