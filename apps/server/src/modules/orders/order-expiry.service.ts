import { seatsFreed } from '../waitlist';
import type { OrdersContext } from './orders.context';
import { itemsOfOrders, seatScheduleIdsOf } from './orders.repository';
import { expireDueOrders } from './orders.transitions';

/** Pending orders past their hold become expired, their seats and coupon uses freed. */
export async function expireDue(ctx: OrdersContext, userId?: number): Promise<number[]> {
  const ids = await expireDueOrders(ctx.db, ctx.now(), userId);
  // Their seats go to the waitlists at once (docs/product.md#waitlist).
  if (ids.length > 0) {
    const items = [...(await itemsOfOrders(ctx.db, ids)).values()].flat();
    await seatsFreed(ctx, seatScheduleIdsOf(items));
  }
  return ids;
}
