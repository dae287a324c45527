import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import type { CustomerRow, FamilyEnrollmentRow, GuestCustomerView } from '../../modules/customers';
import { guestCustomers } from '../../modules/customers/customers.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

// The school's customers as staff see them (docs/product.md#customers): account holders and walk-ins
// with what they paid (and ordered), and a family's enrollments with the programme and schedule
// names, read across the users, guest customers, orders, refunds, enrollments and classes tables
// (docs/architecture.md#read-models).

/** Order statuses whose money was taken (refunds are subtracted separately). */
const PAID_STATUSES = ['paid', 'refunded', 'partially_refunded'] as const;

const PAID_LIST = PAID_STATUSES.map((st) => `'${st}'`).join(', ');

/**
 * Paid minus refunded (docs/product.md#customers) of the orders whose `owner` column (of alias o)
 * is the outer row's id. Written out with aliases: drizzle leaves columns unqualified in a
 * one-table select, which the correlated subqueries would make ambiguous. No input reaches it.
 */
function lifetimeValueOf(owner: 'user_id' | 'guest_customer_id', outer: string): SQL<number> {
  return sql.raw(`(
    coalesce((select sum(o.total) from orders o
      where o.${owner} = ${outer} and o.status in (${PAID_LIST})), 0)
    - coalesce((select sum(r.amount) from refunds r inner join orders o on o.id = r.order_id
      where o.${owner} = ${outer} and r.status = 'succeeded'), 0)
  )::int`) as SQL<number>;
}

const userLifetimeValue = lifetimeValueOf('user_id', '"users"."id"');
const userOrdersCount = sql.raw(
  '(select count(*) from orders o where o.user_id = "users"."id")::int',
) as SQL<number>;
const customerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  timezone: users.timezone,
  createdAt: users.createdAt,
  lifetimeValue: userLifetimeValue,
  ordersCount: userOrdersCount,
};

/** Account holders (students) by name or e-mail, by name. */
export async function customerPage(
  db: Db,
  search: string | undefined,
  window: { offset: number; limit: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = and(
    eq(users.role, 'student'),
    search
      ? or(ilike(users.name, likePattern(search)), ilike(users.email, likePattern(search)))
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(customerColumns)
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.name})`, users.id)
      .offset(window.offset)
      .limit(window.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function customerById(db: Db, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select(customerColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'student')));
  return row;
}

const guestColumns = {
  id: guestCustomers.id,
  name: guestCustomers.name,
  email: guestCustomers.email,
  phone: guestCustomers.phone,
  notes: guestCustomers.notes,
  userId: guestCustomers.userId,
  createdAt: guestCustomers.createdAt,
  lifetimeValue: lifetimeValueOf('guest_customer_id', '"guest_customers"."id"'),
};

/** Walk-ins by name, e-mail or phone, by name. */
export async function guestCustomerPage(
  db: Db,
  search: string | undefined,
  window: { offset: number; limit: number },
): Promise<{ rows: GuestCustomerView[]; total: number }> {
  const where = search
    ? or(
        ilike(guestCustomers.name, likePattern(search)),
        ilike(guestCustomers.email, likePattern(search)),
        ilike(guestCustomers.phone, likePattern(search)),
      )
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(guestColumns)
      .from(guestCustomers)
      .where(where)
      .orderBy(sql`lower(${guestCustomers.name})`, guestCustomers.id)
      .offset(window.offset)
      .limit(window.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(guestCustomers).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function guestCustomerById(
  db: Db,
  id: number,
): Promise<GuestCustomerView | undefined> {
  const [row] = await db.select(guestColumns).from(guestCustomers).where(eq(guestCustomers.id, id));
  return row;
}

/** The enrollments of an account's family, newest first. */
export function enrollmentsOfFamily(
  db: Db,
  userId: number,
  limit = 100,
): Promise<FamilyEnrollmentRow[]> {
  return db
    .select({
      id: enrollments.id,
      status: enrollments.status,
      attendeeName: attendeeProfiles.name,
      programme: klassGroups.name,
      schedule: klassGroupSchedules.name,
      createdAt: enrollments.createdAt,
    })
    .from(enrollments)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, enrollments.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(eq(attendeeProfiles.userId, userId))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(limit);
}
