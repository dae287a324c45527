import {
  heldRefundSchema,
  LEDGER_API,
  ORDERS_API,
  REFUND_MESSAGES,
  REFUNDS_API,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, type Person, programmeWithSchedule } from '../classes/classes-testing';
import { seatHolds } from '../enrollments/enrollments.tables';
import { notify } from '../notifications';
import { notifications } from '../notifications/notifications.tables';
import { orders } from '../orders/orders.tables';
import type { Payments } from '../payments';
import { paymentEvents, payments } from '../payments/payments.tables';
import { users } from '../users/users.tables';
import { sendDueRefunds } from './held-refunds';
import type { RefundsContext } from './refunds.context';
import { refunds } from './refunds.tables';
import { paidOrder } from './refunds-testing';

// A late payment's card refund held for the family's choice
// (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md): the mail says when
// the card is refunded and links to keeping it as credit; the sweep sends it when due; the
// choice made in time turns it into account credit, and after the sending it is refused.

describe('a late payment held for the family to keep as credit', {
  timeout: SETUP_TIMEOUT_MS,
}, () => {
  let t: TestApp;
  let c: Cast;
  let ctx: RefundsContext;
  const HOLD_MINUTES = 60;

  beforeAll(async () => {
    t = await createTestApp({ LATE_PAYMENT_HOLD_MINUTES: String(HOLD_MINUTES) });
    c = await cast(t);
    ctx = {
      db: t.app.db,
      payments: t.app.getDecorator<Payments>('payments'),
      mailer: t.app.mail.mailer,
      notify: (input) => notify(t.app, input),
      log: t.app.log,
      latePaymentHoldMinutes: HOLD_MINUTES,
      linkSecret: t.config.jwtSecret,
    };
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const get = (who: Person, url: string) =>
    t.app.inject({ method: 'GET', url, headers: as(who) }).then((r) => r.json());
  const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

  /** A family whose hold ran out, a rival who took the last seats, then the family's card paid. */
  async function paidTooLate() {
    const full = await programmeWithSchedule(t, c, { schedule: { capacity: 2 } });
    const late = await paidOrder(t, c, full, { pay: false });
    const past = new Date(Date.now() - 1000);
    const id = Number(late.orderId);
    await t.database.db.update(orders).set({ expiresAt: past }).where(eq(orders.id, id));
    await t.database.db.update(seatHolds).set({ expiresAt: past }).where(eq(seatHolds.orderId, id));
    await paidOrder(t, c, full);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, id));
    if (!payment) throw new Error('no payment row');
    const confirm = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.fakePaymentConfirm(payment.intentId),
      payload: { client_secret: payment.clientSecret, card_number: '4242424242424242' },
    });
    expect(confirm.json().status).toBe('succeeded');
    const [buyer] = await t.database.db.select().from(users).where(eq(users.id, late.buyer.id));
    return { ...late, intentId: payment.intentId, email: buyer?.email ?? '' };
  }

  const refundOf = async (orderId: string) => {
    const rows = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, Number(orderId)));
    expect(rows).toHaveLength(1);
    return rows[0] as (typeof rows)[number];
  };
  const providerRefunds = (intentId: string) =>
    t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.intentId, intentId), eq(paymentEvents.type, 'refund.updated')));
  const tokenOf = async (email: string) => {
    const mail = await latestMail(t.app, email, 'late_payment_held');
    const link = mail?.links.find((l) => l.includes('/refund/keep-as-credit'));
    if (!link) throw new Error('no keep-as-credit link');
    return new URL(link).searchParams.get('token') ?? '';
  };
  const keep = (token: string) =>
    t.app.inject({ method: 'POST', url: REFUNDS_API.keepAsCredit, payload: { token } });
  const look = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: `${REFUNDS_API.keepAsCredit}?token=${encodeURIComponent(token)}`,
    });

  it('is held: nothing goes to the card, the mail says when and links to keeping it as credit; the sweep sends it when due, once', async () => {
    const late = await paidTooLate();
    const held = await refundOf(late.orderId);
    expect(held).toMatchObject({ status: 'pending', method: 'card', providerRefundId: null });
    const sendAfter = held.sendAfter?.getTime() ?? 0;
    expect(sendAfter).toBeGreaterThan(minutesFromNow(HOLD_MINUTES - 5).getTime());
    expect(sendAfter).toBeLessThan(minutesFromNow(HOLD_MINUTES + 5).getTime());
    expect(await providerRefunds(late.intentId)).toHaveLength(0);

    const mail = await latestMail(t.app, late.email, 'late_payment_held');
    expect(mail?.text).toMatch(/We will refund the payment in full/);
    expect(mail?.text).toMatch(/Keep it as account credit/);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, late.buyer.id));
    expect(told.map((n) => n.title)).toContain(
      `Order #${late.orderId}: the class filled up; your card is refunded in ${HOLD_MINUTES} minutes`,
    );
    const shown = heldRefundSchema.parse((await look(await tokenOf(late.email))).json());
    expect(shown.data.attributes).toMatchObject({ state: 'held', amount: late.total });

    // Not due yet: the sweep leaves it.
    await sendDueRefunds(ctx, new Date());
    expect((await refundOf(late.orderId)).status).toBe('pending');

    // Due, and two server processes sweep at once: the card is refunded once.
    const due = minutesFromNow(HOLD_MINUTES + 1);
    await Promise.all([sendDueRefunds(ctx, due), sendDueRefunds(ctx, due)]);
    const sent = await refundOf(late.orderId);
    expect(sent).toMatchObject({ status: 'succeeded', method: 'card' });
    expect(await providerRefunds(late.intentId)).toHaveLength(1);
    expect((await get(late.buyer, ORDERS_API.order(late.orderId))).data.attributes.status).toBe(
      'refunded',
    );
    expect((await get(late.buyer, LEDGER_API.accountLedger)).meta.balance).toBe(0);
    expect((await latestMail(t.app, late.email, 'late_payment_refunded'))?.text).toMatch(
      /refunding the card payment in full/,
    );
    await sendDueRefunds(ctx, minutesFromNow(HOLD_MINUTES + 10));
    expect(await providerRefunds(late.intentId)).toHaveLength(1);
  });

  it('kept as credit in time: no provider call, the family is owed the payment, mail and notification confirm; the sweep sends nothing later', async () => {
    const late = await paidTooLate();
    const token = await tokenOf(late.email);
    const kept = await keep(token);
    expect(kept.statusCode).toBe(200);
    expect(heldRefundSchema.parse(kept.json()).data.attributes).toMatchObject({
      state: 'credit',
      amount: late.total,
    });
    expect(await refundOf(late.orderId)).toMatchObject({
      status: 'succeeded',
      method: 'credit',
      providerRefundId: null,
    });
    // The same link again: the same answer, nothing more.
    expect((await keep(token)).statusCode).toBe(200);

    const ledger = await get(late.buyer, LEDGER_API.accountLedger);
    expect(ledger.meta.balance).toBe(-late.total);
    expect(
      ledger.data.map((e: { attributes: { kind: string } }) => e.attributes.kind).sort(),
    ).toEqual(['credit', 'payment', 'refund']);
    expect((await get(late.buyer, ORDERS_API.order(late.orderId))).data.attributes.status).toBe(
      'refunded',
    );
    expect((await latestMail(t.app, late.email, 'late_payment_refunded'))?.text).toMatch(
      /kept the payment .* as account credit/,
    );
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, late.buyer.id));
    expect(told.map((n) => n.title)).toContain(
      `Order #${late.orderId}: your payment is kept as account credit`,
    );

    await sendDueRefunds(ctx, minutesFromNow(HOLD_MINUTES + 1));
    expect(await providerRefunds(late.intentId)).toHaveLength(0);
    expect((await get(late.buyer, LEDGER_API.accountLedger)).meta.balance).toBe(-late.total);
  });

  it('chosen after the card refund went: 409, already on its way back to the card; a link we did not sign: 404', async () => {
    const late = await paidTooLate();
    const token = await tokenOf(late.email);
    await sendDueRefunds(ctx, minutesFromNow(HOLD_MINUTES + 1));
    const refused = await keep(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].detail).toBe(REFUND_MESSAGES.alreadySent);
    expect(heldRefundSchema.parse((await look(token)).json()).data.attributes.state).toBe('card');
    expect(await refundOf(late.orderId)).toMatchObject({ method: 'card', status: 'succeeded' });
    expect((await get(late.buyer, LEDGER_API.accountLedger)).meta.balance).toBe(0);

    const [id] = token.split('.');
    expect((await keep(`${id}.forged`)).statusCode).toBe(404);
    expect((await look('nonsense')).statusCode).toBe(404);
  });
});
