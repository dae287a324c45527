import type { OrderDocument, OrderPayment } from '@atelier/contract';
import { amountDue } from './order-amounts';
import type { OrdersContext } from './orders.context';
import type { PaymentsPort } from './orders.payments';
import { itemsOfOrders, type OrderRow } from './orders.repository';
import { orderResource } from './orders.resources';

export function paymentOf(intent: Awaited<ReturnType<PaymentsPort['createIntent']>>): OrderPayment {
  return {
    provider: intent.provider,
    client_secret: intent.clientSecret,
    publishable_key: intent.publishableKey,
  };
}

/**
 * How to pay a pending order. The provider call is idempotent per order: a failure leaves the
 * order pending without payment details, and the next read of it tries again.
 */
export async function paymentFor(
  ctx: OrdersContext,
  order: OrderRow,
): Promise<OrderPayment | null> {
  // The card pays what the account credit leaves (docs/decisions/064-account-credit-at-checkout.md).
  const amount = amountDue(order);
  if (order.status !== 'pending' || amount === 0) return null;
  try {
    return paymentOf(
      await ctx.payments.createIntent({
        orderId: order.id,
        amount,
        currency: order.currency,
        userId: order.userId,
      }),
    );
  } catch (err) {
    ctx.log.warn({ err, orderId: order.id }, 'payment intent not created; the next read retries');
    return null;
  }
}

export async function documentOf(ctx: OrdersContext, order: OrderRow): Promise<OrderDocument> {
  const items = (await itemsOfOrders(ctx.db, [order.id])).get(order.id) ?? [];
  return { data: orderResource(order, items, await paymentFor(ctx, order)) };
}
