import { SALES_API, SALES_MESSAGES, salesOverviewDocumentSchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  type Cast,
  enroll,
  type Person,
  programmeWithSchedule,
} from '../../modules/classes/classes-testing';
import { attendeeProfiles } from '../../modules/users/users.tables';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { insertOrder, insertRefund } from './sales-testing';

describe('sales overview (admins)', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let scheduleId: number;
  let programmeId: string;
  const drawing = { id: '', name: 'Observational Drawing' };
  const term = { id: '901', name: 'Term' };
  const dropIn = { id: '902', name: 'Drop-in' };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const p = await programmeWithSchedule(t, c, {
      schedule: { start_date: '2026-03-07', end_date: '2026-04-25', capacity: 4 },
    });
    scheduleId = Number(p.scheduleId);
    programmeId = p.groupId;
    drawing.id = programmeId;
    await enroll(t, scheduleId, [c.parent.attendees.mia, c.parent.attendees.leo]);
    const [other] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: c.parent.id, name: 'Cancelled Kid', birthday: '2016-01-01' })
      .returning({ id: attendeeProfiles.id });
    await enroll(t, scheduleId, [other?.id ?? 0], 'cancelled');

    const db = t.database.db;
    const item = (plan: typeof term, total: number) => ({
      scheduleId,
      programme: drawing,
      plan,
      total,
    });
    // 23:30 on Sat 7 March in New York (04:30Z on the 8th): the 7th there, the 8th in UTC.
    const a = await insertOrder(db, c.parent.id, new Date('2026-03-08T04:30:00Z'), [
      item(term, 10_000),
      item(dropIn, 5_000),
    ]);
    // 03:30 EDT on Sun 8 March, just after the DST change (07:30Z): the 8th.
    await insertOrder(db, c.parent.id, new Date('2026-03-08T07:30:00Z'), [item(dropIn, 2_500)]);
    // 00:10 on Mon 9 March in New York: the 9th, a new ISO week.
    await insertOrder(db, c.parent.id, new Date('2026-03-09T04:10:00Z'), [item(term, 7_000)]);
    // Pending: never counted.
    await insertOrder(db, c.parent.id, null, [item(term, 99_999)]);
    // Paid the day before the range: only its refund inside the range counts.
    const before = await insertOrder(db, c.parent.id, new Date('2026-03-06T15:00:00Z'), [
      item(term, 4_000),
    ]);
    // 00:30 on Tue 10 March in New York (04:30Z): a refund of the first order, shared 2:1.
    await insertRefund(db, a, 3_001, 'succeeded', new Date('2026-03-10T04:30:00Z'));
    await insertRefund(db, a, 1_000, 'pending', new Date('2026-03-10T05:00:00Z'));
    await insertRefund(db, a, 1_000, 'failed', new Date('2026-03-10T05:00:00Z'));
    await insertRefund(db, before, 4_000, 'succeeded', new Date('2026-03-07T16:00:00Z'));
  }, 60_000);
  afterAll(() => t.close());

  const get = (query: string, who?: Person, accept?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${SALES_API.overview}?${query}`,
      headers: { ...(who ? as(who) : {}), ...(accept ? { accept } : {}) },
    });
  const overview = async (query: string) => {
    const res = await get(query, c.admin);
    expect(res.statusCode).toBe(200);
    return salesOverviewDocumentSchema.parse(res.json()).data.attributes;
  };

  it('answers a guest 401 and a teacher or student 403', async () => {
    const q = 'from=2026-03-07&to=2026-03-10';
    expect((await get(q)).statusCode).toBe(401);
    expect((await get(q, c.teacher)).statusCode).toBe(403);
    expect((await get(q, c.student)).statusCode).toBe(403);
  });

  it('refuses a range backwards, too long, a bad date or interval with 422 on the field', async () => {
    const field = async (q: string) => {
      const res = await get(q, c.admin);
      expect(res.statusCode).toBe(422);
      return res
        .json()
        .errors.map((e: { detail: string; meta?: { field?: string } }) => [
          e.meta?.field,
          e.detail,
        ]);
    };
    expect(await field('from=2026-03-10&to=2026-03-09')).toEqual([
      ['to', SALES_MESSAGES.toBeforeFrom],
    ]);
    expect(await field('from=2024-01-01&to=2026-01-01')).toEqual([
      ['to', SALES_MESSAGES.rangeTooLong],
    ]);
    expect((await field('from=2026-02-30&to=2026-03-01'))[0][0]).toBe('from');
    expect((await field('from=2026-03-01&to=2026-03-02&interval=year'))[0][0]).toBe('interval');
    expect((await field('to=2026-03-02'))[0][0]).toBe('from');
    // Two years and a leap day is the most.
    expect((await get('from=2024-01-01&to=2025-12-31', c.admin)).statusCode).toBe(200);
  });

  it('sums by local day across midnight and the DST change, refunds by when they succeeded', async () => {
    const o = await overview('from=2026-03-07&to=2026-03-10&interval=day');
    expect(o.time_zone).toBe('America/New_York');
    expect(o.buckets).toEqual([
      { start: '2026-03-07', gross: 15_000, refunds: 4_000, net: 11_000, orders: 1 },
      { start: '2026-03-08', gross: 2_500, refunds: 0, net: 2_500, orders: 1 },
      { start: '2026-03-09', gross: 7_000, refunds: 0, net: 7_000, orders: 1 },
      { start: '2026-03-10', gross: 0, refunds: 3_001, net: -3_001, orders: 0 },
    ]);
    expect(o.totals).toEqual({ gross: 24_500, refunds: 7_001, net: 17_499, orders: 3 });
  });

  it('buckets by ISO week (Monday) and by month', async () => {
    const week = await overview('from=2026-03-07&to=2026-03-10&interval=week');
    expect(week.buckets.map((b) => [b.start, b.gross, b.refunds])).toEqual([
      ['2026-03-02', 17_500, 4_000],
      ['2026-03-09', 7_000, 3_001],
    ]);
    const month = await overview('from=2026-02-01&to=2026-03-31&interval=month');
    expect(month.buckets.map((b) => [b.start, b.gross, b.refunds])).toEqual([
      ['2026-02-01', 0, 0],
      ['2026-03-01', 28_500, 7_001],
    ]);
  });

  it('splits by programme and plan, a refund shared by item totals, adding up to the totals', async () => {
    const o = await overview('from=2026-03-07&to=2026-03-10');
    expect(o.programmes).toEqual([
      {
        klass_group_id: programmeId,
        name: 'Observational Drawing',
        gross: 24_500,
        refunds: 7_001,
        net: 17_499,
      },
    ]);
    // 3001 over 10000:5000 is 2000.67 and 1000.33: the odd cent to the larger remainder.
    expect(o.plans).toEqual([
      { plan_id: '901', name: 'Term', gross: 17_000, refunds: 4_000 + 2_001, net: 10_999 },
      { plan_id: '902', name: 'Drop-in', gross: 7_500, refunds: 1_000, net: 6_500 },
    ]);
  });

  it('shows seats sold (active enrollments) against capacity per schedule in the range', async () => {
    const o = await overview('from=2026-03-07&to=2026-03-10');
    expect(o.schedules).toEqual([
      expect.objectContaining({
        schedule_id: String(scheduleId),
        programme_name: 'Observational Drawing',
        capacity: 4,
        seats_sold: 2,
        fill_rate: 0.5,
      }),
    ]);
    expect((await overview('from=2026-05-01&to=2026-05-02')).schedules).toEqual([]);
  });

  it('answers the same figures as CSV when asked', async () => {
    const res = await get('from=2026-03-07&to=2026-03-10', c.admin, 'text/csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('sales-2026-03-07-2026-03-10-day.csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'section,period_start,id,name,gross,refunds,net,orders,seats_sold,capacity,fill_rate',
    );
    expect(lines).toContain('total,2026-03-07,,2026-03-07..2026-03-10,245.00,70.01,174.99,3,,,');
    expect(lines).toContain('period,2026-03-10,,day,0.00,30.01,-30.01,0,,,');
    expect(lines).toContain('plan,,902,Drop-in,75.00,10.00,65.00,,,,');
    expect(lines).toContain(
      `schedule,2026-03-07,${scheduleId},Observational Drawing — Saturdays,,,,,2,4,0.5000`,
    );
  });
});
