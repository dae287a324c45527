import { DEFAULT_TIMEZONE, type Language } from '@atelier/contract';
import { localDate } from '../../lib/local-date';
import { inLanguage } from '../../lib/translated-content';
import { type SeatCounts, seatCountsBySchedule } from '../enrollments';
import type { ClassesContext } from './classes.context';
import { groupBy } from './classes.context';
import {
  addonResource,
  klassResource,
  planResource,
  publicAddonResource,
  publicKlassResource,
  publicPlanResource,
  publicScheduleResource,
  publicTeacherResource,
  schedulePlanResource,
  scheduleResource,
  teacherResource,
} from './classes.resources';
import type { PlanRow } from './plans.repository';
import { planRows } from './plans.repository';
import { type RoomRow, roomRows } from './rooms.repository';
import {
  type AddonRow,
  addonRowsOfSchedules,
  type KlassRow,
  type PlanLinkRow,
  planLinksOfSchedules,
  type ScheduleRow,
  scheduledKlassCounts,
  upcomingKlassRows,
} from './schedules.repository';
import { type TeacherRow, teacherRowsByIds } from './teachers';

// Batch loading for documents: whatever the number of schedules, each kind of related row is
// fetched with one `IN (…)` query, so a list request costs a fixed number of queries (no N+1).

export type ScheduleExtras = {
  teachers: Map<number, TeacherRow>;
  planLinks: Map<number, { link: PlanLinkRow; plan: PlanRow }[]>;
  addons: Map<number, AddonRow[]>;
  seats: Map<number, SeatCounts>;
  rooms: Map<number, RoomRow>;
};

const ZERO: SeatCounts = { held: 0, enrolled: 0, enrollmentsTotal: 0 };

/** Teachers, offered plans, add-ons, seat counts and rooms of `schedules`: five queries. */
export async function loadScheduleExtras(
  ctx: ClassesContext,
  schedules: ScheduleRow[],
): Promise<ScheduleExtras> {
  const ids = schedules.map((s) => s.id);
  const teacherIds = [...new Set(schedules.map((s) => s.teacherId))];
  const roomIds = [...new Set(schedules.flatMap((s) => (s.roomId === null ? [] : [s.roomId])))];
  const [teachers, links, addons, seats, rooms] = await Promise.all([
    teacherRowsByIds(ctx.db, teacherIds),
    planLinksOfSchedules(ctx.db, ids),
    addonRowsOfSchedules(ctx.db, ids),
    seatCountsBySchedule(ctx.db, ids, ctx.now()),
    roomRows.byIds(ctx.db, roomIds),
  ]);
  return {
    teachers: new Map(teachers.map((t) => [t.id, t])),
    planLinks: groupBy(links, (l) => l.link.scheduleId),
    addons: groupBy(addons, (a) => a.scheduleId),
    seats,
    rooms: new Map(rooms.map((r) => [r.id, r])),
  };
}

/** The name of the room `schedule` meets in, in `language`; null when it names none. */
const roomName = (extras: ScheduleExtras, schedule: ScheduleRow, language: Language) => {
  const room = schedule.roomId === null ? undefined : extras.rooms.get(schedule.roomId);
  return room ? inLanguage(room, language, NAME).name : null;
};

export type AdminScheduleOptions = {
  /** Every session of each schedule (single-schedule document). */
  klasses?: Map<number, KlassRow[]>;
  /** Sessions not cancelled per schedule, when `klasses` is not loaded. */
  klassCounts?: Map<number, number>;
  /** Enrollment ids per schedule (single-schedule document). */
  enrollmentIds?: Map<number, number[]>;
};

/**
 * Admin resources of `schedules` and everything they point at (teachers, plan links, plans with
 * their usage counts, add-ons), and the sessions when given. Costs one more query: plan usage.
 */
export async function adminScheduleResources(
  ctx: ClassesContext,
  schedules: ScheduleRow[],
  extras: ScheduleExtras,
  options: AdminScheduleOptions,
) {
  const planIds = [...new Set([...extras.planLinks.values()].flat().map((l) => l.plan.id))];
  const usage = await planRows.uses(ctx.db, planIds);
  const urls = ctx.images.urls;
  const scheduleResources = schedules.map((s) => {
    const klasses = options.klasses?.get(s.id);
    const scheduled = klasses
      ? klasses.filter((k) => k.status === 'scheduled').length
      : (options.klassCounts?.get(s.id) ?? 0);
    // Admin answers carry the default language's texts (translations are edited on the room).
    return scheduleResource(
      s,
      roomName(extras, s, 'en'),
      extras.seats.get(s.id) ?? ZERO,
      scheduled,
      {
        planLinkIds: (extras.planLinks.get(s.id) ?? []).map((l) => l.link.id),
        addonIds: (extras.addons.get(s.id) ?? []).map((a) => a.id),
        klassIds: klasses?.map((k) => k.id),
        enrollmentIds: options.enrollmentIds?.get(s.id),
      },
    );
  });
  const links = [...extras.planLinks.values()].flat();
  const plans = new Map(links.map((l) => [l.plan.id, l.plan]));
  return {
    schedules: scheduleResources,
    related: [
      ...[...extras.teachers.values()].map((t) => teacherResource(t, urls)),
      ...links.map((l) => schedulePlanResource(l.link)),
      ...[...plans.values()].map((p) => planResource(p, usage.get(p.id) ?? 0)),
      ...[...extras.addons.values()].flat().map(addonResource),
    ],
    klasses: schedules.flatMap((s) =>
      (options.klasses?.get(s.id) ?? []).map((k) => klassResource(k, s.klassGroupId)),
    ),
  };
}

/** Sessions-not-cancelled counts for admin lists: one query. */
export function loadKlassCounts(ctx: ClassesContext, schedules: ScheduleRow[]) {
  return scheduledKlassCounts(
    ctx.db,
    schedules.map((s) => s.id),
  );
}

const NAME = ['name'] as const;

/**
 * Public resources of `schedules` for the catalogue: teachers without e-mail, plans without
 * usage, and each schedule's upcoming sessions (not started, not cancelled), with what the school
 * wrote in `language` (falling back per field). Five queries.
 */
export async function publicScheduleResources(
  ctx: ClassesContext,
  schedules: ScheduleRow[],
  language: Language,
) {
  const now = ctx.now();
  const [extras, upcoming] = await Promise.all([
    loadScheduleExtras(ctx, schedules),
    upcomingKlassRows(
      ctx.db,
      schedules.map((s) => s.id),
      now,
    ),
  ]);
  const klassesBySchedule = groupBy(upcoming, (k) => k.scheduleId);
  const groupOf = new Map(schedules.map((s) => [s.id, s.klassGroupId]));
  const urls = ctx.images.urls;
  const links = [...extras.planLinks.values()].flat();
  const plans = new Map(links.map((l) => [l.plan.id, l.plan]));
  return {
    schedules: schedules.map((s) =>
      publicScheduleResource(
        inLanguage(s, language, NAME),
        roomName(extras, s, language),
        extras.seats.get(s.id) ?? ZERO,
        {
          planLinkIds: (extras.planLinks.get(s.id) ?? []).map((l) => l.link.id),
          addonIds: (extras.addons.get(s.id) ?? []).map((a) => a.id),
          klassIds: (klassesBySchedule.get(s.id) ?? []).map((k) => k.id),
        },
      ),
    ),
    related: [
      ...[...extras.teachers.values()].map((t) => publicTeacherResource(t, urls)),
      ...links.map((l) => schedulePlanResource(l.link)),
      ...[...plans.values()].map((p) => publicPlanResource(inLanguage(p, language, NAME))),
      ...[...extras.addons.values()]
        .flat()
        .map((a) => publicAddonResource(inLanguage(a, language, NAME))),
      ...upcoming.map((k) => publicKlassResource(k, groupOf.get(k.scheduleId) ?? 0)),
    ],
  };
}

/** Today's date where the school is: schedules ending before it are over. */
export function schoolToday(ctx: ClassesContext): string {
  return localDate(ctx.now(), DEFAULT_TIMEZONE);
}
