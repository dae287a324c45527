import { DEFAULT_TIMEZONE, type SalesInterval } from '@atelier/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/select-rows';

// Every figure of the overview is summed in the database, a fixed number of queries whatever the
// number of orders (docs/product.md#sales-overview, decision 034). Local dates and buckets are the
// school zone's: `paid_at AT TIME ZONE zone` is the wall-clock time there, DST included. A month
// of tuition is a sale too: it counts when a billing run charged it (`billing_charges.created_at`,
// the instant its ledger charge was written), on the programme and plan its family ordered
// (docs/decisions/075-monthly-tuition-and-billing-runs.md).

// Inlined, not bound: the same expression appears in SELECT and GROUP BY, and both are constants.
const ZONE = sql.raw(`'${DEFAULT_TIMEZONE}'`);

/** The instant local midnight of `date` (YYYY-MM-DD) is in the school's zone. */
const localMidnight = (date: string, plusDays = 0) =>
  sql`((${date}::date + ${plusDays}::int)::timestamp AT TIME ZONE ${ZONE})`;

/** Local midnight starting the bucket `at` falls in (a zone-free timestamp). */
const bucketOf = (interval: SalesInterval, at: SQL) =>
  sql`date_trunc(${sql.raw(`'${interval}'`)}, ${at} AT TIME ZONE ${ZONE})`;

export type Range = { from: string; to: string };

const rows = selectRows;

// Sums come back as bigint: strings from node-postgres, numbers or bigints from PGlite.
const num = (v: unknown) => Number(v ?? 0);

export type BucketRow = { start: string; gross: number; refunds: number; orders: number };

/**
 * Gross and paid orders by the bucket of `paid_at`, tuition by the bucket it was billed in,
 * refunds by the bucket they succeeded in.
 */
export async function bucketRows(
  db: Db,
  range: Range,
  interval: SalesInterval,
): Promise<BucketRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
      select to_char(b, 'YYYY-MM-DD') as start, sum(gross)::bigint as gross,
             sum(refunds)::bigint as refunds, sum(orders)::bigint as orders
      from (
        select ${bucketOf(interval, sql`o.paid_at`)} as b, o.total as gross, 0 as refunds,
               1 as orders
        from orders o
        where o.paid_at >= ${localMidnight(range.from)}
          and o.paid_at < ${localMidnight(range.to, 1)}
        union all
        select ${bucketOf(interval, sql`c.created_at`)}, c.amount, 0, 0
        from billing_charges c
        where c.created_at >= ${localMidnight(range.from)}
          and c.created_at < ${localMidnight(range.to, 1)}
        union all
        select ${bucketOf(interval, sql`r.updated_at`)}, 0, r.amount, 0
        from refunds r
        where r.status = 'succeeded'
          and r.updated_at >= ${localMidnight(range.from)}
          and r.updated_at < ${localMidnight(range.to, 1)}
      ) x
      group by b
      order by b`,
  );
  return found.map((r) => ({
    start: String(r.start),
    gross: num(r.gross),
    refunds: num(r.refunds),
    orders: num(r.orders),
  }));
}

export type ItemRow = {
  programmeId: string;
  programmeName: string;
  planId: string;
  planName: string;
  gross: number;
  refunds: number;
  /** Latest instant the row's snapshot names were seen: the name shown is the latest one. */
  lastAt: string;
};

/**
 * Gross and refunds by the snapshot's programme and plan (ids and names). Items of orders paid in
 * the range give their totals, and each month of tuition billed in it its amount, on the item
 * that ordered it; each refund that succeeded in the range is shared among its
 * order's items in proportion to their totals, in whole cents, the cents left over by rounding
 * down going to the largest remainders (then the lowest item id), so the shares add up to the
 * refund exactly. An order whose items total 0 puts a refund on its first item.
 */
export async function itemRows(db: Db, range: Range): Promise<ItemRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
      with paid_items as (
        select i.id as item_id, i.schedule_id, i.plan_id, i.pass_id, i.total::bigint as gross,
               0::bigint as refunds, o.paid_at as at
        from orders o join order_items i on i.order_id = o.id
        where o.paid_at >= ${localMidnight(range.from)}
          and o.paid_at < ${localMidnight(range.to, 1)}
        union all
        select i.id, i.schedule_id, i.plan_id, i.pass_id, c.amount::bigint, 0::bigint,
               c.created_at
        from billing_charges c
          join monthly_enrollments m on m.id = c.monthly_enrollment_id
          join order_items i on i.id = m.order_item_id
        where c.created_at >= ${localMidnight(range.from)}
          and c.created_at < ${localMidnight(range.to, 1)}
      ),
      refund_items as (
        select r.id as refund_id, r.amount::bigint as amount, r.updated_at as at, i.id as item_id,
               i.schedule_id, i.plan_id, i.pass_id, i.total::bigint as total,
               sum(i.total) over (partition by r.id) as order_sum,
               row_number() over (partition by r.id order by i.id) as position
        from refunds r join order_items i on i.order_id = r.order_id
        where r.status = 'succeeded'
          and r.updated_at >= ${localMidnight(range.from)}
          and r.updated_at < ${localMidnight(range.to, 1)}
      ),
      shares as (
        select *,
               case when order_sum = 0 then (case when position = 1 then amount else 0 end)
                    else (amount * total) / order_sum end as base,
               case when order_sum = 0 then 0 else (amount * total) % order_sum end as remainder
        from refund_items
      ),
      ranked as (
        select *,
               amount - sum(base) over (partition by refund_id) as left_over,
               row_number() over (partition by refund_id order by remainder desc, item_id) as rank
        from shares
      ),
      all_items as (
        select item_id, schedule_id, plan_id, pass_id, gross, refunds, at from paid_items
        union all
        select item_id, schedule_id, plan_id, pass_id, 0::bigint,
               base + case when rank <= left_over then 1 else 0 end, at
        from ranked
      ),
      -- Summed on integer keys first: reading 100,000 snapshots (jsonb) would cost more than
      -- the sums. Names come from the snapshot of the group's latest item.
      grouped as (
        select schedule_id, plan_id, pass_id, sum(gross)::bigint as gross,
               sum(refunds)::bigint as refunds, max(at) as last_at, max(item_id) as latest_item_id
        from all_items
        group by schedule_id, plan_id, pass_id
      )
      -- A class pass (decision 076) is its own line, named by the pass where a programme and
      -- a plan would be. Paid trials (decision 077) are a line per schedule, "Trial class".
      select coalesce(i.snapshot->'klass_group'->>'id', 'pass-' || (i.snapshot->'pass'->>'id'), 'trial-' || (i.snapshot->'trial'->>'klass_group_id')) as programme_id,
             coalesce(i.snapshot->'klass_group'->>'name', i.snapshot->'pass'->>'name', 'Trial class: ' || (i.snapshot->'trial'->>'programme')) as programme_name,
             coalesce(i.snapshot->'plan'->>'id', 'pass-' || (i.snapshot->'pass'->>'id'), 'trial-' || (i.snapshot->'trial'->>'klass_group_schedule_id')) as plan_id,
             coalesce(i.snapshot->'plan'->>'name', i.snapshot->'pass'->>'name', 'Trial class: ' || (i.snapshot->'trial'->>'schedule_name')) as plan_name,
             g.gross, g.refunds, g.last_at
      from grouped g join order_items i on i.id = g.latest_item_id`,
  );
  return found.map((r) => ({
    programmeId: String(r.programme_id),
    programmeName: String(r.programme_name),
    planId: String(r.plan_id),
    planName: String(r.plan_name),
    gross: num(r.gross),
    refunds: num(r.refunds),
    lastAt: new Date(r.last_at as string | Date).toISOString(),
  }));
}

export type ScheduleRow = {
  id: number;
  name: string;
  programmeName: string;
  startDate: string;
  endDate: string;
  capacity: number;
  seatsSold: number;
};

/** Schedules running at some point of the range, with their active enrollments now. */
export async function scheduleRows(db: Db, range: Range): Promise<ScheduleRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
      select s.id, s.name, g.name as programme_name, s.start_date::text as start_date,
             s.end_date::text as end_date, s.capacity,
             (select count(*) from enrollments e
              where e.schedule_id = s.id and e.status = 'active')::bigint as seats_sold
      from klass_group_schedules s join klass_groups g on g.id = s.klass_group_id
      where s.start_date <= ${range.to}::date and s.end_date >= ${range.from}::date
      order by s.start_date, s.id`,
  );
  return found.map((r) => ({
    id: num(r.id),
    name: String(r.name),
    programmeName: String(r.programme_name),
    startDate: String(r.start_date),
    endDate: String(r.end_date),
    capacity: num(r.capacity),
    seatsSold: num(r.seats_sold),
  }));
}
