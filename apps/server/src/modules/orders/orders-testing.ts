import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { coupons } from '../coupons/coupons.tables';
import type { Payments } from '../payments';
import type { PaymentEvent } from './orders.payments';

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
