import type { Db } from '../../db/client';
import { insertOrderEvents } from './orders.repository';

/**
 * What can happen to an order, as its history in order management shows it
 * (docs/product.md#order-management). Other modules add their own (refunds, walk-in sales):
 * known types are listed for the web's labels; an unknown one is shown by its name.
 */
export const ORDER_EVENT_TYPES = [
  'placed',
  'payment_failed',
  'paid',
  'late_payment_failed',
  'canceled',
  'expired',
  'paid_offline',
  'refund_requested',
  'refund_approved',
  'refund_rejected',
  'refund_started',
  'refunded',
  'refund_failed',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export type OrderEventInput = {
  orderId: number;
  // `string & {}` keeps the known types' completion while letting other modules add types.
  type: OrderEventType | (string & {});
  /** Who did it; null for the system (the provider's webhook, the expiry sweep). */
  actorId?: number | null;
  data?: Record<string, unknown>;
  /** When it happened; the database's now() when left out. */
  at?: Date;
};

/**
 * Appends to an order's history. Call it inside the transaction that changes the order, so that
 * the history never says something that was rolled back.
 */
export async function recordOrderEvent(tx: Db, event: OrderEventInput): Promise<void> {
  await recordOrderEvents(tx, [event]);
}

/** Several events in one statement (the expiry sweep closes many orders at once). */
export async function recordOrderEvents(tx: Db, events: OrderEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await insertOrderEvents(
    tx,
    events.map((e) => ({
      orderId: e.orderId,
      type: e.type,
      actorId: e.actorId ?? null,
      data: e.data ?? {},
      ...(e.at ? { createdAt: e.at } : {}),
    })),
  );
}
