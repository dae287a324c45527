import { and, asc, count, eq, gt, gte, inArray, lt, ne, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  klasses,
  klassGroupScheduleAddons,
  klassGroupSchedulePlans,
  klassGroupSchedules,
  klassGroups,
  plans,
} from './classes.tables';
import type { KlassGroupRow } from './klass-groups.repository';
import type { PlanRow } from './plans.repository';

export type ScheduleRow = typeof klassGroupSchedules.$inferSelect;
export type NewScheduleRow = typeof klassGroupSchedules.$inferInsert;
export type KlassRow = typeof klasses.$inferSelect;
export type NewKlassRow = typeof klasses.$inferInsert;
export type AddonRow = typeof klassGroupScheduleAddons.$inferSelect;
export type PlanLinkRow = typeof klassGroupSchedulePlans.$inferSelect;

// Schedules

export type ScheduleFilter = { klassGroupId?: number; teacherId?: number };

function scheduleWhere(filter: ScheduleFilter): SQL | undefined {
  return and(
    filter.klassGroupId === undefined
      ? undefined
      : eq(klassGroupSchedules.klassGroupId, filter.klassGroupId),
    filter.teacherId === undefined
      ? undefined
      : eq(klassGroupSchedules.teacherId, filter.teacherId),
  );
}

export function listScheduleRows(
  db: Db,
  filter: ScheduleFilter,
  page: { offset: number; limit: number },
): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(klassGroupSchedules)
    .where(scheduleWhere(filter))
    .orderBy(asc(klassGroupSchedules.startDate), asc(klassGroupSchedules.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countScheduleRows(db: Db, filter: ScheduleFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(klassGroupSchedules)
    .where(scheduleWhere(filter));
  return row?.n ?? 0;
}

/** The schedules of many programmes; with `endingFrom`, only those ending that day or later. */
export function scheduleRowsOfGroups(
  db: Db,
  klassGroupIds: number[],
  options: { endingFrom?: string } = {},
): Promise<ScheduleRow[]> {
  if (klassGroupIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(klassGroupSchedules)
    .where(
      and(
        inArray(klassGroupSchedules.klassGroupId, klassGroupIds),
        options.endingFrom ? gte(klassGroupSchedules.endDate, options.endingFrom) : undefined,
      ),
    )
    .orderBy(asc(klassGroupSchedules.startDate), asc(klassGroupSchedules.id));
}

export function scheduleRowsByIds(db: Db, ids: number[]): Promise<ScheduleRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(klassGroupSchedules).where(inArray(klassGroupSchedules.id, ids));
}

export async function findScheduleRow(db: Db, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(klassGroupSchedules).where(eq(klassGroupSchedules.id, id));
  return row;
}

/** A schedule and its programme in one query. */
export async function findScheduleWithGroup(
  db: Db,
  id: number,
): Promise<{ schedule: ScheduleRow; group: KlassGroupRow } | undefined> {
  const [row] = await db
    .select({ schedule: klassGroupSchedules, group: klassGroups })
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(eq(klassGroupSchedules.id, id));
  return row;
}

/**
 * Locks the schedule's row until the transaction ends, so concurrent changes to its sessions or
 * capacity (and, with commerce, bookings) are applied one after the other.
 */
export async function lockScheduleRow(db: Db, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(klassGroupSchedules)
    .where(eq(klassGroupSchedules.id, id))
    .for('update');
  return row;
}

export async function insertScheduleRow(db: Db, values: NewScheduleRow): Promise<ScheduleRow> {
  const [row] = await db.insert(klassGroupSchedules).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateScheduleRow(
  db: Db,
  id: number,
  values: Partial<NewScheduleRow>,
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .update(klassGroupSchedules)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(klassGroupSchedules.id, id))
    .returning();
  return row;
}

export async function deleteScheduleRow(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(klassGroupSchedules)
    .where(eq(klassGroupSchedules.id, id))
    .returning({ id: klassGroupSchedules.id });
  return rows.length > 0;
}

/** Schedule ids of many programmes (for the rules that look at enrollments). */
export async function scheduleIdsOfGroup(db: Db, klassGroupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: klassGroupSchedules.id })
    .from(klassGroupSchedules)
    .where(eq(klassGroupSchedules.klassGroupId, klassGroupId));
  return rows.map((r) => r.id);
}

// Sessions (klasses)

export type KlassQuery = {
  /** Only sessions starting at or after this instant. */
  startingFrom?: Date;
  /** Leave out cancelled sessions. */
  scheduledOnly?: boolean;
};

export function klassRowsOfSchedules(
  db: Db,
  scheduleIds: number[],
  query: KlassQuery = {},
): Promise<KlassRow[]> {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(klasses)
    .where(
      and(
        inArray(klasses.scheduleId, scheduleIds),
        query.startingFrom ? gte(klasses.startsAt, query.startingFrom) : undefined,
        query.scheduledOnly ? eq(klasses.status, 'scheduled') : undefined,
      ),
    )
    .orderBy(asc(klasses.startsAt), asc(klasses.id));
}

export type UpcomingKlassRow = Pick<
  KlassRow,
  'id' | 'scheduleId' | 'startsAt' | 'endsAt' | 'status'
>;

/**
 * The sessions the catalogue shows: not cancelled, starting at or after `from`. Only the columns
 * it shows: a catalogue page reads over a thousand of these, and every timestamp costs a parse.
 */
export function upcomingKlassRows(
  db: Db,
  scheduleIds: number[],
  from: Date,
): Promise<UpcomingKlassRow[]> {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: klasses.id,
      scheduleId: klasses.scheduleId,
      startsAt: klasses.startsAt,
      endsAt: klasses.endsAt,
      status: klasses.status,
    })
    .from(klasses)
    .where(
      and(
        inArray(klasses.scheduleId, scheduleIds),
        gte(klasses.startsAt, from),
        eq(klasses.status, 'scheduled'),
      ),
    )
    .orderBy(asc(klasses.startsAt), asc(klasses.id));
}

/** Sessions not cancelled, per schedule. */
export async function scheduledKlassCounts(
  db: Db,
  scheduleIds: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>(scheduleIds.map((id) => [id, 0]));
  if (scheduleIds.length === 0) return out;
  const rows = await db
    .select({ scheduleId: klasses.scheduleId, n: count() })
    .from(klasses)
    .where(and(inArray(klasses.scheduleId, scheduleIds), ne(klasses.status, 'cancelled')))
    .groupBy(klasses.scheduleId);
  for (const row of rows) out.set(row.scheduleId, row.n);
  return out;
}

export async function findKlassRow(db: Db, id: number): Promise<KlassRow | undefined> {
  const [row] = await db.select().from(klasses).where(eq(klasses.id, id));
  return row;
}

export async function insertKlassRows(db: Db, rows: NewKlassRow[]): Promise<KlassRow[]> {
  if (rows.length === 0) return [];
  return db.insert(klasses).values(rows).returning();
}

export async function updateKlassRow(
  db: Db,
  id: number,
  values: Partial<NewKlassRow>,
): Promise<KlassRow | undefined> {
  const [row] = await db
    .update(klasses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(klasses.id, id))
    .returning();
  return row;
}

export async function deleteKlassRows(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(klasses).where(inArray(klasses.id, ids));
}

/** Sessions of any schedule starting in [from, to), with their schedule and programme. */
export function klassRowsInRange(
  db: Db,
  range: { from: Date; to: Date },
  scheduleIds?: number[],
): Promise<{ klass: KlassRow; schedule: ScheduleRow; group: KlassGroupRow }[]> {
  if (scheduleIds && scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .select({ klass: klasses, schedule: klassGroupSchedules, group: klassGroups })
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(
      and(
        gte(klasses.startsAt, range.from),
        lt(klasses.startsAt, range.to),
        scheduleIds ? inArray(klasses.scheduleId, scheduleIds) : undefined,
      ),
    )
    .orderBy(asc(klasses.startsAt), asc(klasses.id));
}

/** Ids of the schedules a teacher teaches. */
export async function scheduleIdsTaughtBy(db: Db, teacherId: number): Promise<number[]> {
  const rows = await db
    .select({ id: klassGroupSchedules.id })
    .from(klassGroupSchedules)
    .where(eq(klassGroupSchedules.teacherId, teacherId));
  return rows.map((r) => r.id);
}

/**
 * The teachers of every schedule, as a subquery for another module's statement (the users
 * module's list of instructors): built here, run there.
 */
export function scheduleTeacherIdsQuery(db: Db) {
  return db.select({ teacherId: klassGroupSchedules.teacherId }).from(klassGroupSchedules);
}

/**
 * The ids of the schedules a teacher teaches, as a subquery for another module's statement (the
 * gallery's teacher rules): built here, run there. Aliased, so it nests in a statement that names
 * the schedules table itself.
 */
export function scheduleIdsTaughtByQuery(teacherId: number) {
  const taught = alias(klassGroupSchedules, 'taught_s');
  return new QueryBuilder()
    .select({ id: taught.id })
    .from(taught)
    .where(eq(taught.teacherId, teacherId));
}

// Plans offered by schedules

/** The plan links of many schedules with their plans, in one query. */
export function planLinksOfSchedules(
  db: Db,
  scheduleIds: number[],
): Promise<{ link: PlanLinkRow; plan: PlanRow }[]> {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .select({ link: klassGroupSchedulePlans, plan: plans })
    .from(klassGroupSchedulePlans)
    .innerJoin(plans, eq(plans.id, klassGroupSchedulePlans.planId))
    .where(inArray(klassGroupSchedulePlans.scheduleId, scheduleIds))
    .orderBy(asc(klassGroupSchedulePlans.id));
}

/** Makes the schedule offer exactly `planIds`: links to other plans go, new ones are added. */
export async function replacePlanLinks(
  db: Db,
  scheduleId: number,
  planIds: number[],
): Promise<void> {
  const existing = await db
    .select()
    .from(klassGroupSchedulePlans)
    .where(eq(klassGroupSchedulePlans.scheduleId, scheduleId));
  const wanted = new Set(planIds);
  const stale = existing.filter((l) => !wanted.has(l.planId)).map((l) => l.id);
  if (stale.length > 0) {
    await db.delete(klassGroupSchedulePlans).where(inArray(klassGroupSchedulePlans.id, stale));
  }
  const have = new Set(existing.map((l) => l.planId));
  const fresh = planIds.filter((id) => !have.has(id));
  if (fresh.length > 0) {
    await db
      .insert(klassGroupSchedulePlans)
      .values(fresh.map((planId) => ({ scheduleId, planId })));
  }
}

// Add-ons

export function addonRowsOfSchedules(db: Db, scheduleIds: number[]): Promise<AddonRow[]> {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(klassGroupScheduleAddons)
    .where(inArray(klassGroupScheduleAddons.scheduleId, scheduleIds))
    .orderBy(asc(klassGroupScheduleAddons.id));
}

export async function findAddonRow(db: Db, id: number): Promise<AddonRow | undefined> {
  const [row] = await db
    .select()
    .from(klassGroupScheduleAddons)
    .where(eq(klassGroupScheduleAddons.id, id));
  return row;
}

export async function insertAddonRow(
  db: Db,
  values: typeof klassGroupScheduleAddons.$inferInsert,
): Promise<AddonRow> {
  const [row] = await db.insert(klassGroupScheduleAddons).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAddonRow(
  db: Db,
  id: number,
  values: Partial<Pick<AddonRow, 'name' | 'price' | 'translations'>>,
): Promise<AddonRow | undefined> {
  const [row] = await db
    .update(klassGroupScheduleAddons)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(klassGroupScheduleAddons.id, id))
    .returning();
  return row;
}

export async function deleteAddonRow(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(klassGroupScheduleAddons)
    .where(eq(klassGroupScheduleAddons.id, id))
    .returning({ id: klassGroupScheduleAddons.id });
  return rows.length > 0;
}

/** The time zone and programme (its name in every language) a notice about the schedule is written with. */
export async function scheduleHeading(
  db: Db,
  scheduleId: number,
): Promise<
  | {
      zone: string;
      programme: { name: string; translations: KlassGroupRow['translations'] };
    }
  | undefined
> {
  const [row] = await db
    .select({
      zone: klassGroupSchedules.timeZone,
      programme: { name: klassGroups.name, translations: klassGroups.translations },
    })
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(eq(klassGroupSchedules.id, scheduleId));
  return row;
}

/** The schedule's first session after `now`. */
export async function nextKlassOfSchedule(
  db: Db,
  scheduleId: number,
  now: Date,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: klasses.id })
    .from(klasses)
    .where(and(eq(klasses.scheduleId, scheduleId), gt(klasses.startsAt, now)))
    .orderBy(asc(klasses.startsAt))
    .limit(1);
  return row;
}
