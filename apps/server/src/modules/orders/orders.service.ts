import type { OrderDocument, OrderListDocument, OrderStatus } from '@atelier/contract';
import { notFound } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { seatsFreed } from '../waitlist';
import { documentOf, paymentFor } from './order-documents';
import { expireDue } from './order-expiry.service';
import type { OrdersContext } from './orders.context';
import { itemsOfOrders, orderById, orderPageOfUser } from './orders.repository';
import { orderResource } from './orders.resources';
import { cancelPendingOrder } from './orders.transitions';

// A buyer's own orders (docs/architecture.md#orders): read, listed and cancelled. Checkout is
// checkout.service.ts; what a payment does to an order, order-payment-outcome.service.ts.

/** Statuses `?status=purchased` lists: paid, whatever was refunded since. */
const PURCHASED: readonly OrderStatus[] = ['paid', 'refunded', 'partially_refunded'];

/** GET /api/v2/orders/{id}: one of the user's orders; anyone else's is 404. */
export async function getOrder(
  ctx: OrdersContext,
  userId: number,
  id: number,
): Promise<OrderDocument> {
  await expireDue(ctx, userId);
  const order = await orderById(ctx.db, id, userId);
  if (!order) throw notFound('Order');
  return documentOf(ctx, order);
}

/** GET /api/v2/orders: a page of the user's orders, newest first. */
export async function listOrders(
  ctx: OrdersContext,
  userId: number,
  status: 'pending' | 'purchased' | undefined,
  page: number,
): Promise<OrderListDocument> {
  await expireDue(ctx, userId);
  const statuses = status === 'pending' ? (['pending'] as const) : status ? PURCHASED : null;
  const { rows, total } = await orderPageOfUser(ctx.db, userId, statuses, pageWindow(page));
  const items = await itemsOfOrders(
    ctx.db,
    rows.map((r) => r.id),
  );
  const payments = await Promise.all(rows.map((r) => paymentFor(ctx, r)));
  return {
    data: rows.map((r, i) => orderResource(r, items.get(r.id) ?? [], payments[i] ?? null)),
    meta: pageMeta(page, total),
  };
}

/** DELETE /api/v2/orders/{id}: a pending order is cancelled and its seats freed; else 409. */
export async function cancelOrder(
  ctx: OrdersContext,
  userId: number,
  id: number,
): Promise<OrderDocument> {
  await expireDue(ctx, userId);
  const order = await cancelPendingOrder(ctx.db, {
    orderId: id,
    ownerId: userId,
    actorId: userId,
    by: 'owner',
    at: ctx.now(),
  });
  const document = await documentOf(ctx, order);
  await seatsFreed(
    ctx,
    document.data.attributes.items.flatMap((i) =>
      i.kind === 'pass'
        ? []
        : i.kind === 'trial'
          ? [Number(i.trial.klass_group_schedule_id)]
          : [Number(i.klass_group_schedule.id)],
    ),
  );
  return document;
}
