import type { OrderItemSnapshot } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoNextTermOf, scheduleSnapshotExtras } from '../classes';
import { DEMO_GUEST_CUSTOMERS, demoGuestCustomerIds } from '../customers';
import { enrollHeldOrder } from '../enrollments';
import { attendeesByIds, attendeesOwnedBy, userIdsByEmail } from '../users';
import { recordOrderEvent } from './order-events';
import { recordOrderPaid } from './order-ledger';
import { holdOrderSeats } from './order-seats';
import { planSnapshotOf, scheduleSnapshotOf } from './order-snapshot';
import type { OrderItemWithAttendees } from './orders.repository';
import { insertOrderItem, insertOrderItemAttendees, orderByKey } from './orders.repository';
import { orders } from './orders.tables';

// The demo orders order management shows (docs/product.md#order-management): the demo parent's
// paid order and a pending one, and a walk-in's order booked at the desk. Written like checkout
// writes them (seats held, then enrollments for the paid ones, with their history), after the
// catalogue, the demo accounts and the demo walk-ins. Running it again changes nothing: each
// order has a fixed Idempotency-Key.

const DAY = 24 * 60 * 60_000;

type DemoOrder = {
  key: string;
  programme: string;
  attendees: number[];
  status: 'paid' | 'pending';
  placedAt: Date;
  /** A declined card before it was paid (or while it waits), for its history. */
  declined?: string;
};

type Buyer = { userId: number | null; guestCustomerId: number | null; placedById: number | null };

const DEMO_PARENT = 'parent@atelier.test';
const DEMO_ADMIN = 'admin@atelier.test';
/** The demo walk-in whose order was booked at the desk. */
const DEMO_WALK_IN = DEMO_GUEST_CUSTOMERS[0].name;

async function seedOrder(db: Db, buyer: Buyer, demo: DemoOrder, now: Date): Promise<void> {
  const found = await demoNextTermOf(db, demo.programme);
  if (!found || demo.attendees.length === 0) return;
  const { group, schedule, plan } = found;
  const at = demo.placedAt;
  const extras = (await scheduleSnapshotExtras(db, [schedule.id], now)).get(schedule.id);
  const seats = demo.attendees.length;
  const units = plan.unitType === 'class' ? Math.max(1, extras?.klasses.length ?? 1) : 1;
  const total = (plan.basePrice + plan.unitPrice * units) * seats;
  const snapshot: OrderItemSnapshot = {
    klass_group: { id: String(group.id), name: group.name, slug: group.slug, image_url: null },
    klass_group_schedule: scheduleSnapshotOf(schedule, extras),
    plan: planSnapshotOf(plan),
    addons: [],
    coupon: null,
  };
  const names = await attendeesByIds(db, demo.attendees);
  await db.transaction(async (tx) => {
    // A demo pending order keeps its seats for two days, not checkout's minutes, so that
    // whoever opens the demo later still finds one to look at or cancel.
    const expiresAt = new Date(now.getTime() + 2 * DAY);
    const [order] = await tx
      .insert(orders)
      .values({
        ...buyer,
        idempotencyKey: demo.key,
        status: 'pending',
        currency: 'usd',
        subtotal: total,
        discount: 0,
        total,
        expiresAt,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!order) throw new Error('insert returned no row');
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'placed',
      actorId: buyer.placedById ?? buyer.userId,
      data: { total, currency: 'usd' },
      at,
    });
    const short = await holdOrderSeats(tx, order, [{ scheduleId: schedule.id, seats }], at);
    if (short) throw new Error(`demo order ${demo.key}: ${schedule.name} is full`);
    const item = await insertOrderItem(tx, {
      orderId: order.id,
      scheduleId: schedule.id,
      planId: plan.id,
      numberOfAttendees: seats,
      units,
      subtotal: total,
      discount: 0,
      total,
      snapshot,
    });
    await insertOrderItemAttendees(
      tx,
      demo.attendees.map((id) => ({
        orderItemId: item.id,
        attendeeProfileId: id,
        name: names.find((n) => n.id === id)?.name ?? '',
      })),
    );
    if (demo.declined) {
      await tx.update(orders).set({ paymentError: demo.declined }).where(eq(orders.id, order.id));
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: 'payment_failed',
        data: { message: demo.declined },
        at: new Date(at.getTime() + 60_000),
      });
    }
    if (demo.status !== 'paid') return;
    const paidAt = new Date(at.getTime() + 2 * 60_000);
    await enrollHeldOrder(
      tx,
      order.id,
      demo.attendees.map((attendeeProfileId) => ({
        orderItemId: item.id,
        scheduleId: schedule.id,
        attendeeProfileId,
        enrolledFrom: at,
      })),
    );
    await tx
      .update(orders)
      .set({ status: 'paid', paidAt, paymentError: null, expiresAt: at, updatedAt: paidAt })
      .where(eq(orders.id, order.id));
    // A walk-in's demo order was paid at the desk, in cash: its history and ledger say so.
    const atDesk = buyer.guestCustomerId !== null;
    if (atDesk) {
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: 'paid_offline',
        actorId: buyer.placedById,
        data: { method: 'cash', amount: total },
        at: paidAt,
      });
    }
    await recordOrderEvent(tx, { orderId: order.id, type: 'paid', data: { total }, at: paidAt });
    await recordOrderPaid(
      tx,
      order,
      [{ ...item, attendees: [] } as OrderItemWithAttendees],
      atDesk
        ? { method: 'cash', createdById: buyer.placedById }
        : { method: 'card', createdById: buyer.userId },
      paidAt,
    );
  });
}

/** Seeds the demo orders (after the catalogue, the demo accounts and the demo walk-ins). */
export async function seedDemoOrders(db: Db, now: Date = new Date()): Promise<void> {
  const accounts = await userIdsByEmail(db, [DEMO_PARENT, DEMO_ADMIN]);
  const parentId = accounts.get(DEMO_PARENT);
  const adminId = accounts.get(DEMO_ADMIN) ?? null;
  if (parentId !== undefined) {
    const kids = await attendeesOwnedBy(db, { userId: parentId });
    const account: Buyer = { userId: parentId, guestCustomerId: null, placedById: null };
    const kidIds = kids.map((k) => k.id);
    if (!(await orderByKey(db, parentId, 'demo-paid'))) {
      await seedOrder(
        db,
        account,
        {
          key: 'demo-paid',
          programme: 'Observational Drawing',
          attendees: kidIds,
          status: 'paid',
          placedAt: new Date(now.getTime() - 3 * DAY),
          declined: 'Your card was declined.',
        },
        now,
      );
    }
    if (!(await orderByKey(db, parentId, 'demo-pending'))) {
      await seedOrder(
        db,
        account,
        {
          key: 'demo-pending',
          programme: 'Comics Drawing',
          attendees: kidIds.slice(0, 1),
          status: 'pending',
          placedAt: new Date(now.getTime() - 60 * 60_000),
        },
        now,
      );
    }
  }
  const walkInId = (await demoGuestCustomerIds(db)).get(DEMO_WALK_IN);
  if (walkInId === undefined) return;
  const [done] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.guestCustomerId, walkInId), eq(orders.idempotencyKey, 'demo-walk-in')));
  if (done) return;
  const [attendee] = await attendeesOwnedBy(db, { guestCustomerId: walkInId });
  await seedOrder(
    db,
    { userId: null, guestCustomerId: walkInId, placedById: adminId },
    {
      key: 'demo-walk-in',
      programme: 'Comics Drawing',
      attendees: attendee ? [attendee.id] : [],
      status: 'paid',
      placedAt: new Date(now.getTime() - DAY),
    },
    now,
  );
}
