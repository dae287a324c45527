import { randomUUID } from 'node:crypto';
import type { OrderItemSnapshot } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../modules/orders/orders.tables';
import { refunds } from '../../modules/refunds/refunds.tables';

/** A programme and plan as an item's snapshot names them (ids as strings, as the contract has). */
export type Named = { id: string; name: string };

export type TestItem = { scheduleId: number; programme: Named; plan: Named; total: number };

export function snapshotOf(item: TestItem): OrderItemSnapshot {
  return {
    klass_group: { ...item.programme, slug: `p-${item.programme.id}`, image_url: null },
    klass_group_schedule: {
      id: String(item.scheduleId),
      name: 'Saturdays',
      time_zone: 'America/New_York',
      start_date: '2030-01-05',
      end_date: '2030-02-23',
      teacher_name: null,
      sessions: [],
    },
    plan: { ...item.plan, base_price: 0, unit_price: item.total, unit_type: 'class' },
    addons: [],
    coupon: null,
  };
}

/** Inserts an order with its items (paid at `paidAt`, or pending when null); returns its id. */
export async function insertOrder(
  db: Db,
  userId: number,
  paidAt: Date | null,
  items: TestItem[],
): Promise<number> {
  const total = items.reduce((s, i) => s + i.total, 0);
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      status: paidAt ? 'paid' : 'pending',
      currency: 'usd',
      subtotal: total,
      discount: 0,
      total,
      idempotencyKey: randomUUID(),
      expiresAt: new Date('2031-01-01T00:00:00Z'),
      paidAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  if (items.length > 0) {
    await db.insert(orderItems).values(
      items.map((i) => ({
        orderId: order.id,
        scheduleId: i.scheduleId,
        planId: Number(i.plan.id),
        numberOfAttendees: 1,
        units: 1,
        subtotal: i.total,
        discount: 0,
        total: i.total,
        snapshot: snapshotOf(i),
      })),
    );
  }
  return order.id;
}

/** Inserts a refund of an order, last changed (succeeded, failed…) at `at`. */
export async function insertRefund(
  db: Db,
  orderId: number,
  amount: number,
  status: 'pending' | 'succeeded' | 'failed',
  at: Date,
): Promise<void> {
  await db.insert(refunds).values({
    orderId,
    amount,
    reason: 'test',
    status,
    idempotencyKey: randomUUID(),
    createdAt: at,
    updatedAt: at,
  });
}

/**
 * `count` paid orders of one item each, written by three statements whatever the count
 * (generate_series): paid five minutes apart from `firstPaidAt`, totals $10–$59; every tenth gets
 * a refund of half its total three days later, succeeded, pending or failed in turn.
 */
export async function insertBulkOrders(
  db: Db,
  options: { count: number; userId: number; item: TestItem; firstPaidAt: Date; tag: string },
): Promise<void> {
  const { count, userId, item, firstPaidAt, tag } = options;
  await db.execute(sql`
    with o as (
      insert into orders (user_id, status, currency, subtotal, discount, total, idempotency_key,
                          expires_at, paid_at, created_at, updated_at)
      select ${userId}, 'paid', 'usd', 1000 + (g % 50) * 100, 0, 1000 + (g % 50) * 100,
             ${`bulk-${tag}-`} || g, p, p, p, p
      from generate_series(1, ${count}::int) g,
           lateral (select ${firstPaidAt.toISOString()}::timestamptz
                           + g * interval '5 minutes' as p) paid
      returning id, total, paid_at
    ),
    items as (
      insert into order_items (order_id, schedule_id, plan_id, number_of_attendees, units,
                               subtotal, discount, total, snapshot)
      select o.id, ${item.scheduleId}, ${Number(item.plan.id)}, 1, 1, o.total, 0, o.total,
             ${JSON.stringify(snapshotOf(item))}::jsonb
      from o
      returning id
    )
    insert into refunds (order_id, amount, reason, status, idempotency_key, created_at, updated_at)
    select o.id, o.total / 2, 'bulk',
           (array['succeeded', 'pending', 'failed'])[1 + (o.id / 10) % 3],
           ${`bulk-${tag}-refund-`} || o.id,
           o.paid_at + interval '3 days', o.paid_at + interval '3 days'
    from o
    where o.id % 10 = 0`);
}
