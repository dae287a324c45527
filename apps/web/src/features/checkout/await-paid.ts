import type { Order } from '@atelier/contract';
import { queryData } from '../../lib/api';
import type { AppDispatch } from '../../lib/store-hooks';
import { ordersApi } from '../orders';

/** How often, and how many times, checkout asks whether a confirmed payment has been applied. */
export const PAID_POLL = { attempts: 10, intervalMs: 1000 } as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After the provider accepted the card, asks for the order until it is no longer pending: the
 * payment is applied by the provider's webhook, at once for the fake provider and possibly a
 * moment later for Stripe (decision 029). Answers the last order seen; it may still be pending
 * when the attempts run out, and the complete page says the payment is being confirmed.
 */
export async function awaitPaid(
  dispatch: AppDispatch,
  orderId: string,
  {
    attempts = PAID_POLL.attempts,
    intervalMs = PAID_POLL.intervalMs,
    wait = sleep,
  }: { attempts?: number; intervalMs?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<Order> {
  let order: Order | null = null;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (attempt > 0) await wait(intervalMs);
    order = await queryData(
      dispatch(
        ordersApi.endpoints.order.initiate(orderId, { subscribe: false, forceRefetch: true }),
      ),
    );
    if (order.status !== 'pending') return order;
  }
  if (!order) throw new Error('awaitPaid needs at least one attempt');
  return order;
}
