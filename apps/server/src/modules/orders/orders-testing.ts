import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { couponRedemptions, coupons } from '../coupons/coupons.tables';
import type { Payments } from '../payments';
import type { PaymentEvent } from './orders.payments';
import { orders } from './orders.tables';

/**
 * A payments service standing in for the payments plugin (the interface orders use): intents are
 * made in memory, once per order, and tests play the provider's events with `emit`.
 */
export function fakePayments() {
  const handlers: ((event: PaymentEvent) => Promise<void>)[] = [];
  const intents = new Map<number, string>();
  const state = { failCreate: false, calls: 0 };
  const service: Payments = {
    provider: 'fake',
    async createIntent({ orderId }) {
      state.calls += 1;
      if (state.failCreate) throw new Error('provider unavailable');
      const intentId = intents.get(orderId) ?? `pi_test_${orderId}`;
      intents.set(orderId, intentId);
      return {
        provider: 'fake',
        clientSecret: `${intentId}_secret_x`,
        publishableKey: null,
        intentId,
      };
    },
    onPaymentEvent(handler) {
      handlers.push(handler);
    },
    async refund() {
      throw new Error('refunds are not part of these tests');
    },
  };
  return {
    service,
    state,
    async emit(
      type: PaymentEvent['type'],
      orderId: number | string,
      message: string | null = null,
    ) {
      const event: PaymentEvent = {
        type,
        orderId: Number(orderId),
        intentId: `pi_test_${orderId}`,
        message,
        eventId: `evt_${randomUUID()}`,
      };
      for (const handler of handlers) await handler(event);
    },
  };
}

/** Inserts a coupon; returns its id. */
export async function insertCoupon(
  db: Db,
  values: Partial<typeof coupons.$inferInsert> & { code: string },
): Promise<number> {
  const [row] = await db
    .insert(coupons)
    .values({ discountType: 'percent', discountAmount: 10, ...values })
    .returning({ id: coupons.id });
  if (!row) throw new Error('no coupon');
  return row.id;
}

// Orders written directly, for the tests of modules below orders (payments, coupons, search):
// orders' own tests make theirs through checkout.

/** A pending order row to pay (orders' own tests make theirs through checkout). */
export async function insertPendingOrder(db: Db, userId: number, total: number): Promise<number> {
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      currency: 'USD',
      subtotal: total,
      discount: 0,
      total,
      idempotencyKey: `test-${Math.random().toString(36).slice(2)}`,
      expiresAt: new Date(Date.now() + 15 * 60_000),
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

let couponUseCounter = 0;

/**
 * Records a use of a coupon by a user's order: redeemed (`expiresAt` null, a paid order) or
 * held until `expiresAt` (a pending order). Returns the order id.
 */
export async function recordCouponUse(
  t: TestApp,
  use: { couponId: number; userId: number; expiresAt: Date | null },
): Promise<number> {
  couponUseCounter += 1;
  const [order] = await t.database.db
    .insert(orders)
    .values({
      userId: use.userId,
      status: use.expiresAt === null ? 'paid' : 'pending',
      currency: 'usd',
      subtotal: 1000,
      discount: 100,
      total: 900,
      idempotencyKey: `coupon-test-${couponUseCounter}-${Date.now()}`,
      expiresAt: use.expiresAt ?? new Date(),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  await t.database.db.insert(couponRedemptions).values({
    couponId: use.couponId,
    userId: use.userId,
    orderId: order.id,
    expiresAt: use.expiresAt,
  });
  return order.id;
}
