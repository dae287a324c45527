import {
  DEFAULT_TIMEZONE,
  type SalesBucket,
  type SalesInterval,
  type SalesKlassGroup,
  type SalesOverview,
  type SalesOverviewDocument,
  type SalesPlan,
  type SalesQuery,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { bucketRows, type ItemRow, itemRows, scheduleRows } from './sales.queries';

/** What the sales services need from the app. */
export type SalesContext = { db: Db; currency: string };

const DAY_MS = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The first local date of the bucket `date` falls in (Monday for ISO weeks, the 1st for months). */
export function bucketStart(date: string, interval: SalesInterval): string {
  if (interval === 'day') return date;
  if (interval === 'month') return `${date.slice(0, 7)}-01`;
  const ms = msOf(date);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return dateOf(ms - weekday * DAY_MS);
}

/** Every bucket's first date from the one holding `from` to the one holding `to`. */
export function bucketStarts(from: string, to: string, interval: SalesInterval): string[] {
  const out: string[] = [];
  let at = bucketStart(from, interval);
  while (at <= to) {
    out.push(at);
    if (interval === 'day') at = dateOf(msOf(at) + DAY_MS);
    else if (interval === 'week') at = dateOf(msOf(at) + 7 * DAY_MS);
    else {
      const d = new Date(msOf(at));
      at = dateOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    }
  }
  return out;
}

/** Rows of the same id added up, named as the most recently seen snapshot named it. */
function byId<T extends { name: string; gross: number; refunds: number; net: number }>(
  items: ItemRow[],
  key: (r: ItemRow) => string,
  name: (r: ItemRow) => string,
  make: (id: string) => T,
): T[] {
  const out = new Map<string, { row: T; lastAt: string }>();
  for (const r of items) {
    const id = key(r);
    const entry = out.get(id) ?? { row: make(id), lastAt: '' };
    out.set(id, entry);
    if (r.lastAt >= entry.lastAt) {
      entry.row.name = name(r);
      entry.lastAt = r.lastAt;
    }
    entry.row.gross += r.gross;
    entry.row.refunds += r.refunds;
    entry.row.net = entry.row.gross - entry.row.refunds;
  }
  return [...out.values()]
    .map((e) => e.row)
    .sort((a, b) => b.net - a.net || a.name.localeCompare(b.name));
}

/** The overview of a range (docs/product.md#sales-overview): three queries, whatever the data. */
export async function salesOverview(ctx: SalesContext, query: SalesQuery): Promise<SalesOverview> {
  const range = { from: query.from, to: query.to };
  const [buckets, items, schedules] = await Promise.all([
    bucketRows(ctx.db, range, query.interval),
    itemRows(ctx.db, range),
    scheduleRows(ctx.db, range),
  ]);
  const found = new Map(buckets.map((b) => [b.start, b]));
  const filled: SalesBucket[] = bucketStarts(query.from, query.to, query.interval).map((start) => {
    const b = found.get(start);
    const gross = b?.gross ?? 0;
    const refunds = b?.refunds ?? 0;
    return { start, gross, refunds, net: gross - refunds, orders: b?.orders ?? 0 };
  });
  const gross = filled.reduce((s, b) => s + b.gross, 0);
  const refunds = filled.reduce((s, b) => s + b.refunds, 0);
  const programmes: SalesKlassGroup[] = byId(
    items,
    (r) => r.programmeId,
    (r) => r.programmeName,
    (id) => ({ klass_group_id: id, name: '', gross: 0, refunds: 0, net: 0 }),
  );
  const plans: SalesPlan[] = byId(
    items,
    (r) => r.planId,
    (r) => r.planName,
    (id) => ({ plan_id: id, name: '', gross: 0, refunds: 0, net: 0 }),
  );
  return {
    from: query.from,
    to: query.to,
    interval: query.interval,
    time_zone: DEFAULT_TIMEZONE,
    currency: ctx.currency,
    totals: {
      gross,
      refunds,
      net: gross - refunds,
      orders: filled.reduce((s, b) => s + b.orders, 0),
    },
    buckets: filled,
    programmes,
    plans,
    schedules: schedules.map((s) => ({
      schedule_id: String(s.id),
      name: s.name,
      programme_name: s.programmeName,
      start_date: s.startDate,
      end_date: s.endDate,
      capacity: s.capacity,
      seats_sold: s.seatsSold,
      fill_rate: s.capacity > 0 ? s.seatsSold / s.capacity : 0,
    })),
  };
}

export function salesOverviewDocument(overview: SalesOverview): SalesOverviewDocument {
  return {
    data: {
      id: `${overview.from}..${overview.to}:${overview.interval}`,
      type: 'sales_overview',
      attributes: overview,
    },
  };
}

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
function field(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** A name typed by staff: a spreadsheet runs a cell starting with = + - @ as a formula. */
const text = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** Cents as a decimal amount in the major unit (1234 → 12.34), as spreadsheets sum them. */
const amount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export const SALES_CSV_HEADER = [
  'section',
  'period_start',
  'id',
  'name',
  'gross',
  'refunds',
  'net',
  'orders',
  'seats_sold',
  'capacity',
  'fill_rate',
] as const;

/**
 * The same figures as CSV, one table: a `section` column (total, period, programme, plan,
 * schedule) says what a row is; amounts in the currency's major unit, fill rate 0..1.
 */
export function salesCsv(o: SalesOverview): string {
  const rows: (string | number)[][] = [[...SALES_CSV_HEADER]];
  const money = (f: { gross: number; refunds: number; net: number }) => [
    amount(f.gross),
    amount(f.refunds),
    amount(f.net),
  ];
  rows.push([
    'total',
    o.from,
    '',
    `${o.from}..${o.to}`,
    ...money(o.totals),
    o.totals.orders,
    '',
    '',
    '',
  ]);
  for (const b of o.buckets)
    rows.push(['period', b.start, '', o.interval, ...money(b), b.orders, '', '', '']);
  for (const p of o.programmes)
    rows.push(['programme', '', p.klass_group_id, text(p.name), ...money(p), '', '', '', '']);
  for (const p of o.plans)
    rows.push(['plan', '', p.plan_id, text(p.name), ...money(p), '', '', '', '']);
  for (const s of o.schedules) {
    rows.push([
      'schedule',
      s.start_date,
      s.schedule_id,
      text(`${s.programme_name} — ${s.name}`),
      '',
      '',
      '',
      '',
      s.seats_sold,
      s.capacity,
      s.fill_rate.toFixed(4),
    ]);
  }
  return `${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}
