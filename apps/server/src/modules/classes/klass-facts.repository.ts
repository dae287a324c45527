import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { klasses, klassGroupSchedules, klassGroups } from './classes.tables';

// Schedules and klasses (dated classes) as other modules name and check them (waitlist,
// messages, attendance, photo boxes): one query for a whole set of ids, so no module joins these
// tables itself (docs/architecture.md#repository-layout-and-layers).

const scheduleColumns = {
  id: klassGroupSchedules.id,
  name: klassGroupSchedules.name,
  capacity: klassGroupSchedules.capacity,
  teacherId: klassGroupSchedules.teacherId,
  timeZone: klassGroupSchedules.timeZone,
  translations: klassGroupSchedules.translations,
  klassGroup: {
    id: klassGroups.id,
    name: klassGroups.name,
    slug: klassGroups.slug,
    published: klassGroups.published,
    translations: klassGroups.translations,
  },
};

export type ScheduleFactsRow = {
  id: number;
  name: string;
  capacity: number;
  teacherId: number;
  timeZone: string;
  translations: (typeof klassGroupSchedules.$inferSelect)['translations'];
  klassGroup: {
    id: number;
    name: string;
    slug: string;
    published: boolean;
    translations: (typeof klassGroups.$inferSelect)['translations'];
  };
};

/** The schedules with these ids and their programmes; unknown ids are left out. */
export function scheduleFactsRows(db: Db, ids: readonly number[]): Promise<ScheduleFactsRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return Promise.resolve([]);
  return db
    .select(scheduleColumns)
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(inArray(klassGroupSchedules.id, unique));
}

export type KlassFactsRow = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  scheduleId: number;
  schedule: ScheduleFactsRow;
};

/** The sessions with these ids, each with its schedule and programme; unknown ids are left out. */
export async function klassFactsRows(db: Db, ids: readonly number[]): Promise<KlassFactsRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const k = klassesTable('k');
  const rows = await db.select().from(k).where(inArray(k.id, unique));
  return rows.map((row) => ({
    id: row.id,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    status: row.status,
    scheduleId: row.scheduleId,
    schedule: {
      id: row.scheduleId,
      name: row.scheduleName,
      capacity: row.capacity,
      teacherId: row.teacherId,
      timeZone: row.timeZone,
      translations: row.scheduleTranslations,
      klassGroup: {
        id: row.klassGroupId,
        name: row.klassGroupName,
        slug: row.klassGroupSlug,
        published: row.klassGroupPublished,
        translations: row.klassGroupTranslations,
      },
    },
  }));
}

export type KlassOfSchedule = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
};

/** A page of a schedule's sessions in time order, and how many it has: two statements. */
export async function klassPageRows(
  db: Db,
  scheduleId: number,
  window: { offset: number; limit: number },
): Promise<{ rows: KlassOfSchedule[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: klasses.id,
        startsAt: klasses.startsAt,
        endsAt: klasses.endsAt,
        status: klasses.status,
      })
      .from(klasses)
      .where(eq(klasses.scheduleId, scheduleId))
      .orderBy(asc(klasses.startsAt), asc(klasses.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ total: count() }).from(klasses).where(eq(klasses.scheduleId, scheduleId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The first scheduled session after `after` of any schedule the teacher teaches. */
export async function nextKlassRowTaughtBy(
  db: Db,
  teacherId: number,
  after: Date,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: klasses.id })
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .where(
      and(
        eq(klassGroupSchedules.teacherId, teacherId),
        eq(klasses.status, 'scheduled'),
        gt(klasses.startsAt, after),
      ),
    )
    .orderBy(asc(klasses.startsAt))
    .limit(1);
  return row;
}

/** A session that has started, with its schedule's teacher. */
export type StartedKlassRow = { id: number; startsAt: Date; scheduleId: number; teacherId: number };

/** The scheduled sessions of these schedules that started by `now`, latest first. */
export async function startedKlassRowsOfSchedules(
  db: Db,
  scheduleIds: readonly number[],
  now: Date,
): Promise<StartedKlassRow[]> {
  const unique = [...new Set(scheduleIds)];
  if (unique.length === 0) return [];
  return db
    .select({
      id: klasses.id,
      startsAt: klasses.startsAt,
      scheduleId: klasses.scheduleId,
      teacherId: klassGroupSchedules.teacherId,
    })
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .where(
      and(
        inArray(klasses.scheduleId, unique),
        eq(klasses.status, 'scheduled'),
        lte(klasses.startsAt, now),
      ),
    )
    .orderBy(desc(klasses.startsAt));
}

/**
 * Every klass with its schedule and programme, as a derived table named `alias`: the one join of
 * the three tables, which `klassFactsRows` reads by id and another module joins on its `id` inside
 * its own statement (the gallery's page of posts stays one query). The schedule's and programme's
 * columns that share a name with the klass's are renamed; `mapWith` keeps each column's decoding.
 */
export function klassesTable(alias: string) {
  return new QueryBuilder()
    .select({
      id: klasses.id,
      startsAt: klasses.startsAt,
      endsAt: klasses.endsAt,
      status: klasses.status,
      scheduleId: klasses.scheduleId,
      scheduleName: sql`${klassGroupSchedules.name}`
        .mapWith(klassGroupSchedules.name)
        .as('schedule_name'),
      capacity: klassGroupSchedules.capacity,
      teacherId: klassGroupSchedules.teacherId,
      timeZone: klassGroupSchedules.timeZone,
      scheduleTranslations: sql`${klassGroupSchedules.translations}`
        .mapWith(klassGroupSchedules.translations)
        .as('schedule_translations'),
      klassGroupId: sql`${klassGroups.id}`.mapWith(klassGroups.id).as('klass_group_id'),
      klassGroupName: sql`${klassGroups.name}`.mapWith(klassGroups.name).as('klass_group_name'),
      klassGroupSlug: klassGroups.slug,
      klassGroupPublished: klassGroups.published,
      klassGroupTranslations: sql`${klassGroups.translations}`
        .mapWith(klassGroups.translations)
        .as('klass_group_translations'),
    })
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .as(alias);
}

/**
 * The scheduled (not cancelled) sessions of these schedules starting in `[from, to)`, by start:
 * what monthly tuition prorates by (docs/decisions/075-monthly-tuition-and-billing-runs.md).
 */
export async function sessionStartsBetween(
  db: Db,
  scheduleIds: readonly number[],
  from: Date,
  to: Date,
): Promise<{ scheduleId: number; startsAt: Date }[]> {
  const unique = [...new Set(scheduleIds)];
  if (unique.length === 0) return [];
  return db
    .select({ scheduleId: klasses.scheduleId, startsAt: klasses.startsAt })
    .from(klasses)
    .where(
      and(
        inArray(klasses.scheduleId, unique),
        eq(klasses.status, 'scheduled'),
        gte(klasses.startsAt, from),
        lt(klasses.startsAt, to),
      ),
    )
    .orderBy(asc(klasses.startsAt));
}
