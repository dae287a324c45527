import {
  CUSTOMERS_API,
  DEFAULT_TIMEZONE,
  LEDGER_API,
  ledgerDocumentSchema,
  ORDERS_API,
  REFUNDS_API,
} from '@atelier/contract';
import { eq, inArray } from 'drizzle-orm';
import * as fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesOverview } from '../../read-models/sales/sales.service';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { cartItems } from '../cart/cart.tables';
import { addAddon, addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import {
  as,
  type Cast,
  type Person,
  person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { deskContact } from '../customers/customers-testing';
import { orders } from '../orders/orders.tables';
import { insertCoupon } from '../orders/orders-testing';
import { refunds } from '../refunds/refunds.tables';
import { ledgerSalesFigures } from './ledger.service';
import { ledgerEntries } from './ledger.tables';

// The ledger's invariants (docs/decisions/062-family-ledger.md) over generated histories driven
// through the real routes: checkouts paid by card (some after their hold ran out, some never),
// coupons and add-ons, partial refunds through the provider's webhook or kept as account credit,
// staff's credits and charges, walk-ins paying cash, check or card, some refunded at the desk
// (cash, check, card or account credit) and some with a coupon, and orders paid partly or wholly from the family's
// account credit (docs/decisions/064-account-credit-at-checkout.md). After each history: every
// family's balance is the sum of its entries and of what staff added by hand, what refunds kept as
// credit and what its paid orders spent of its credit (orders and refunds otherwise net to
// nothing); each checkout took the credit there was, up to its total; for every order, the money
// its entries moved is what was paid minus what was refunded, its charges net of discounts are its
// total once paid, and its credit spent is its credit_applied once paid, nothing otherwise; and the
// sales overview's gross, refunds and net for the days around now are the ledger's sums for the
// same instants.

const orderAction = fc.record({
  type: fc.constant('order' as const),
  kids: fc.integer({ min: 1, max: 2 }),
  addon: fc.boolean(),
  coupon: fc.boolean(),
  pay: fc.constantFrom('card', 'late', 'never'),
  /** Staff's credit just before the checkout: none, part of the total, or all of it. */
  credit: fc.constantFrom(0, 0, 1500, 200_000),
  refunds: fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { maxLength: 2 }),
  // Back to the card, or kept as account credit (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md).
  refundMethods: fc.array(fc.constantFrom('card' as const, 'credit' as const), {
    minLength: 2,
    maxLength: 2,
  }),
});
const adjustAction = fc.record({
  type: fc.constant('adjust' as const),
  kind: fc.constantFrom('credit' as const, 'charge' as const),
  amount: fc.integer({ min: 1, max: 50_000 }),
});
const walkInAction = fc.record({
  type: fc.constant('walk-in' as const),
  method: fc.constantFrom('cash' as const, 'check' as const, 'card' as const),
  // A refund at the desk: the way it was paid (0), the other desk way (1), or account credit (2).
  refund: fc.option(
    fc.record({
      share: fc.double({ min: 0.05, max: 1, noNaN: true }),
      way: fc.integer({ min: 0, max: 2 }),
    }),
    { nil: undefined },
  ),
  // The coupon taken at the desk: its discount entry as for any coupon order.
  coupon: fc.boolean(),
});
const history = fc.array(
  fc.record({
    family: fc.integer({ min: 0, max: 1 }),
    action: fc.oneof(orderAction, adjustAction, walkInAction),
  }),
  { minLength: 1, maxLength: 5 },
);

describe('the ledger reconciles (property)', { timeout: 600_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let schedule: { scheduleId: string; planId: string };
  let addonId: string;
  const COUPON = 'LEDGER10';
  let run = 0;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c, { schedule: { capacity: 1000 } });
    addonId = await addAddon(t, c.admin, schedule.scheduleId, 'Sketchbook', 1250);
    await insertCoupon(t.database.db, { code: COUPON, discountAmount: 15 });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const call = (who: Person, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

  /** Pays a pending order's intent through the app's own fake provider and its webhook. */
  async function payCard(secret: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.fakePaymentConfirm(secret.split('_secret_')[0] ?? ''),
      payload: { client_secret: secret, card_number: '4242424242424242' },
    });
    expect(res.json().status).toBe('succeeded');
  }

  async function balanceOf(who: Person): Promise<number> {
    return ledgerDocumentSchema.parse((await call(who, 'GET', LEDGER_API.accountLedger)).json())
      .meta.balance;
  }

  async function giveCredit(buyer: Person, amount: number) {
    const res = await call(c.admin, 'POST', LEDGER_API.customerLedger(buyer.id), {
      kind: 'credit',
      amount,
      reason: 'Before checkout',
    });
    expect(res.statusCode).toBe(201);
  }

  async function checkout(buyer: Person, a: OrderAction) {
    const kids: number[] = [];
    for (let k = 0; k < a.kids; k += 1)
      kids.push(await addAttendee(t, buyer.id, `Kid ${run}-${k}`));
    // One cart item per schedule: an order left unpaid keeps its item in the cart.
    await t.database.db.delete(cartItems).where(eq(cartItems.userId, buyer.id));
    await addToCart(t, buyer.id, {
      ...schedule,
      attendeeIds: kids,
      addonIds: a.addon ? [addonId] : [],
      couponCode: a.coupon ? COUPON : null,
    });
    const owed = -(await balanceOf(buyer));
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(buyer), 'idempotency-key': `ledger-${run}-${Math.random()}` },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    // The family's other pending order (one left unpaid) was replaced, its credit set free.
    const { total, credit_applied, amount_due } = order.attributes;
    expect(credit_applied).toBe(Math.min(total, Math.max(0, owed)));
    expect(amount_due).toBe(total - credit_applied);
    const paidAtOnce = amount_due === 0;
    if (paidAtOnce) expect(order.attributes.status).toBe('paid');
    if (a.pay === 'never' && !paidAtOnce) return 0;
    if (!paidAtOnce && a.pay === 'late') {
      // The hold ran out before the card went through: paid all the same while seats are left.
      await t.database.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(orders.id, Number(order.id)));
    }
    if (!paidAtOnce) await payCard(order.attributes.payment.client_secret);
    // Refunds to the card stop at what the card paid; the rest can go back as account credit.
    let left = total as number;
    let leftOnCard = amount_due as number;
    let credited = 0;
    for (const [i, share] of a.refunds.entries()) {
      const method = a.refundMethods[i] ?? 'card';
      const room = method === 'card' ? Math.min(left, leftOnCard) : left;
      const amount = Math.min(room, Math.max(1, Math.floor(share * room)));
      if (amount < 1) continue;
      const r = await call(c.admin, 'POST', REFUNDS_API.adminOrderRefunds(order.id), {
        amount,
        reason: `Refund ${run}`,
        // Left out for the card: existing callers send no method.
        ...(method === 'credit' ? { method } : {}),
      });
      expect(r.statusCode).toBe(201);
      left -= amount;
      if (method === 'card') leftOnCard -= amount;
      else credited += amount;
    }
    return credited;
  }

  /** A walk-in's booking, and what a refund kept as account credit now owes it. */
  async function walkIn(
    method: 'cash' | 'check' | 'card',
    coupon: boolean,
    refund?: { share: number; way: number },
  ): Promise<{ guestId: string; credited: number }> {
    const guest = await call(c.admin, 'POST', CUSTOMERS_API.guestCustomers, {
      guest_customer: { name: `Walk-in ${run}`, phone: '555-0100' },
    });
    const guestId: string = guest.json().data.id;
    const booked = await call(c.admin, 'POST', CUSTOMERS_API.guestCustomerOrders(guestId), {
      order: {
        klass_group_schedule_id: schedule.scheduleId,
        plan_id: schedule.planId,
        attendees: [{ name: `Kit ${run}`, birthday: '2016-05-01', emergency_contact: deskContact }],
        payment_method: method,
        coupon_code: coupon ? COUPON : null,
      },
    });
    expect(booked.statusCode).toBe(201);
    const order = booked.json().data;
    if (method === 'card') await payCard(order.attributes.payment.client_secret);
    if (!refund) return { guestId, credited: 0 };
    const ways =
      method === 'card'
        ? ['card', 'card', 'credit']
        : [method, method === 'cash' ? 'check' : 'cash', 'credit'];
    const way = ways[refund.way] ?? 'credit';
    const total = order.attributes.total as number;
    const amount = Math.min(total, Math.max(1, Math.floor(refund.share * total)));
    const r = await call(c.admin, 'POST', REFUNDS_API.adminOrderRefunds(order.id), {
      amount,
      reason: `Desk refund ${run}`,
      method: way,
    });
    expect(r.statusCode).toBe(201);
    return { guestId, credited: way === 'credit' ? amount : 0 };
  }

  async function wholeLedger(who: Person, url: string) {
    const first = ledgerDocumentSchema.parse((await call(who, 'GET', url)).json());
    const entries = [...first.data];
    const pages = Math.ceil(first.meta.total / first.meta.per_page);
    for (let page = 2; page <= pages; page += 1) {
      entries.push(
        ...ledgerDocumentSchema.parse((await call(who, 'GET', `${url}?page=${page}`)).json()).data,
      );
    }
    return { balance: first.meta.balance, entries };
  }

  it('balance = Σ entries; each order’s entries = paid − refunded; sales = the ledger’s sums', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        run += 1;
        const families = [
          await person(t, 'student', `Ledger Family ${run}a`),
          await person(t, 'student', `Ledger Family ${run}b`),
        ];
        const adjusted = [0, 0];
        const credited = [0, 0];
        const guests: { guestId: string; credited: number }[] = [];
        for (const { family, action } of h) {
          const buyer = families[family] as Person;
          if (action.type === 'order') {
            if (action.credit > 0) {
              await giveCredit(buyer, action.credit);
              credited[family] = (credited[family] ?? 0) + action.credit;
            }
            // Kept as account credit: the family is owed it.
            adjusted[family] = (adjusted[family] ?? 0) - (await checkout(buyer, action));
          } else if (action.type === 'walk-in') {
            guests.push(await walkIn(action.method, action.coupon, action.refund));
          } else {
            const res = await call(c.admin, 'POST', LEDGER_API.customerLedger(buyer.id), {
              kind: action.kind,
              amount: action.amount,
              reason: 'By hand',
            });
            expect(res.statusCode).toBe(201);
            adjusted[family] =
              (adjusted[family] ?? 0) + (action.kind === 'credit' ? -1 : 1) * action.amount;
          }
        }

        // What each family's paid orders spent of its credit, as the orders say.
        const db = t.database.db;
        const familyOrders = await db
          .select()
          .from(orders)
          .where(
            inArray(
              orders.userId,
              families.map((f) => f.id),
            ),
          );
        const isPaid = (status: string) =>
          ['paid', 'refunded', 'partially_refunded'].includes(status);
        const spent = families.map((f) =>
          familyOrders
            .filter((o) => o.userId === f.id && isPaid(o.status))
            .reduce((s, o) => s + o.creditApplied, 0),
        );
        const ledgers = [
          ...families.map((f, i) => ({
            who: f,
            url: LEDGER_API.accountLedger,
            expected: (adjusted[i] ?? 0) - (credited[i] ?? 0) + (spent[i] ?? 0),
          })),
          ...guests.map((g) => ({
            who: c.admin,
            url: LEDGER_API.guestCustomerLedger(g.guestId),
            expected: 0 - g.credited,
          })),
        ];
        const orderIds = new Set<number>();
        for (const l of ledgers) {
          const { balance, entries } = await wholeLedger(l.who, l.url);
          expect(balance).toBe(entries.reduce((s, e) => s + e.attributes.amount, 0));
          expect(balance).toBe(l.expected);
          for (const e of entries)
            if (e.attributes.order_id) orderIds.add(Number(e.attributes.order_id));
        }

        // Every order of these families, paid or not, against its entries.
        const ids = [...orderIds];
        const rows =
          ids.length === 0 ? [] : await db.select().from(orders).where(inArray(orders.id, ids));
        for (const o of [...rows, ...familyOrders]) {
          const entries = await db
            .select()
            .from(ledgerEntries)
            .where(eq(ledgerEntries.orderId, o.id));
          const done = await db.select().from(refunds).where(eq(refunds.orderId, o.id));
          const paid = isPaid(o.status) ? o.total : 0;
          const refunded = done
            .filter((r) => r.status === 'succeeded')
            .reduce((s, r) => s + r.amount, 0);
          const sum = (kinds: string[]) =>
            entries.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + e.amount, 0);
          expect(sum(['payment', 'refund'])).toBe(refunded - paid);
          expect(sum(['charge', 'discount'])).toBe(paid);
          expect(sum(['credit'])).toBe(0 - refunded);
          // Credit is spent when the order is paid, never by one expired, cancelled or unpaid.
          expect(sum(['credit_applied'])).toBe(isPaid(o.status) ? o.creditApplied : 0);
          expect(
            entries
              .filter((e) => e.kind === 'payment' && e.method === 'account_credit')
              .reduce((s, e) => s + e.amount, 0),
          ).toBe(isPaid(o.status) ? 0 - o.creditApplied : 0);
        }

        // The sales overview of the days around now against the ledger for the same instants.
        const today = DateTime.now().setZone(DEFAULT_TIMEZONE).startOf('day');
        const from = today.minus({ days: 1 });
        const to = today.plus({ days: 1 });
        const ov = await salesOverview(
          { db, currency: t.config.currency },
          { from: from.toISODate() ?? '', to: to.toISODate() ?? '', interval: 'day' },
        );
        const figures = await ledgerSalesFigures(
          db,
          from.toJSDate(),
          to.plus({ days: 1 }).toJSDate(),
        );
        expect({ gross: figures.gross, refunds: figures.refunds, net: figures.net }).toEqual({
          gross: ov.totals.gross,
          refunds: ov.totals.refunds,
          net: ov.totals.net,
        });
        // What was taken is what was sold: no card here was paid after its seats went.
        expect(figures.payments).toBe(figures.gross);
      }),
      { numRuns: 12 },
    );
  });
});

type OrderAction = {
  kids: number;
  addon: boolean;
  coupon: boolean;
  pay: 'card' | 'late' | 'never';
  credit: number;
  refunds: number[];
  refundMethods: ('card' | 'credit')[];
};
