import {
  type AddonDocument,
  type AddonFields,
  type FieldError,
  type KlassDocument,
  klassTimeRuleErrors,
  MAX_KLASSES_PER_SCHEDULE,
  type ScheduleDocument,
  type ScheduleFields,
  type ScheduleListDocument,
  type SchedulePattern,
  type SchedulePreviewDocument,
  schedulePatternRuleErrors,
  uniqueIncluded,
  type updateAddonBodySchema,
  type updateKlassBodySchema,
  type updateScheduleBodySchema,
} from '@atelier/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { localDate } from '../../lib/local-date';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { storedTranslations } from '../../lib/translated-content';
import { rosterOfSchedule, seatCountsBySchedule } from '../enrollments';
import { type ClassesContext, groupBy, type Viewer } from './classes.context';
import { adminScheduleResources, loadKlassCounts, loadScheduleExtras } from './classes.loader';
import {
  addonResource,
  enrollmentResource,
  klassGroupResource,
  klassResource,
  rosterAttendeeResource,
} from './classes.resources';
import {
  klassChange,
  type PatternChange,
  tellFamiliesOfKlassChange,
  tellFamiliesOfPatternChange,
} from './klass-change-notices';
import { findKlassGroupRow, klassGroupRowsByIds } from './klass-groups.repository';
import { planRows } from './plans.repository';
import { roomRows } from './rooms.repository';
import { type Pattern, type PlannedKlass, planKlasses } from './schedule-pattern';
import {
  countScheduleRows,
  deleteAddonRow,
  deleteKlassRows,
  deleteScheduleRow,
  findAddonRow,
  findKlassRow,
  findScheduleRow,
  findScheduleWithGroup,
  insertAddonRow,
  insertKlassRows,
  insertScheduleRow,
  type KlassRow,
  klassRowsOfSchedules,
  listScheduleRows,
  lockScheduleRow,
  replacePlanLinks,
  type ScheduleRow,
  scheduleIdsOfGroup,
  scheduleRowsOfGroups,
  updateAddonRow,
  updateKlassRow,
  updateScheduleRow,
} from './schedules.repository';
import { teacherRowsByIds } from './teachers';

type SchedulePatch = z.output<typeof updateScheduleBodySchema>['klass_group_schedule'];
type KlassPatch = z.output<typeof updateKlassBodySchema>['klass'];
type AddonPatch = z.output<typeof updateAddonBodySchema>['addon'];

const toPattern = (p: SchedulePattern): Pattern => ({
  timeZone: p.time_zone,
  startDate: p.start_date,
  endDate: p.end_date,
  slots: p.slots,
  exceptionDates: p.exception_dates,
});

const tooManyKlasses = (): FieldError => ({
  field: 'end_date',
  detail: `The pattern makes more than ${MAX_KLASSES_PER_SCHEDULE} sessions: choose an earlier end date`,
});

/** Pattern rules, then the sessions the pattern makes (null when the pattern is invalid). */
function planOrErrors(pattern: SchedulePattern, errors: FieldError[]) {
  const ruleErrors = schedulePatternRuleErrors(pattern);
  errors.push(...ruleErrors);
  if (ruleErrors.length > 0) return null;
  const planned = planKlasses(toPattern(pattern), MAX_KLASSES_PER_SCHEDULE);
  if (planned.overLimit) {
    errors.push(tooManyKlasses());
    return null;
  }
  return planned;
}

/** The sessions a pattern would make, without saving anything. */
export function previewSchedule(pattern: SchedulePattern): SchedulePreviewDocument {
  const errors: FieldError[] = [];
  const planned = planOrErrors(pattern, errors);
  if (!planned) throw new ValidationError(errors);
  return {
    data: planned.klasses.map((k, i) => ({
      id: String(i + 1),
      type: 'klass_previews',
      attributes: {
        starts_at: k.startsAt.toISOString(),
        ends_at: k.endsAt.toISOString(),
        local_date: k.localDate,
        local_start_time: k.startTime,
        local_end_time: k.endTime,
        weekday: k.weekday,
      },
    })),
    meta: { total: planned.klasses.length, skipped_dates: planned.skippedDates },
  };
}

/** Checks the teacher, plans and room exist (and the teacher teaches); adds field errors. */
async function checkReferences(
  db: Db,
  refs: { teacherId?: number; planIds?: number[]; roomId?: number | null; capacity?: number },
  errors: FieldError[],
) {
  const [teachers, plans, rooms] = await Promise.all([
    refs.teacherId === undefined ? [] : teacherRowsByIds(db, [refs.teacherId]),
    refs.planIds === undefined ? [] : planRows.byIds(db, refs.planIds),
    refs.roomId == null ? [] : roomRows.byIds(db, [refs.roomId]),
  ]);
  const room = rooms[0];
  if (refs.roomId != null && !room) errors.push({ field: 'room_id', detail: 'Unknown room' });
  // More seats than the room has chairs would sell places nobody can sit in.
  if (room && refs.capacity !== undefined && refs.capacity > room.capacity) {
    errors.push({ field: 'capacity', detail: `Must be at most the room's ${room.capacity} seats` });
  }
  if (refs.teacherId !== undefined) {
    const teacher = teachers[0];
    if (!teacher) errors.push({ field: 'teacher_id', detail: 'Unknown teacher' });
    else if (teacher.role !== 'teacher') {
      errors.push({ field: 'teacher_id', detail: 'Choose a user with the teacher role' });
    }
  }
  if (refs.planIds !== undefined) {
    const found = new Set(plans.map((p) => p.id));
    const missing = refs.planIds.filter((id) => !found.has(id));
    if (missing.length > 0) {
      errors.push({ field: 'plan_ids', detail: `Unknown plan: ${missing.join(', ')}` });
    }
  }
}

/** A patch's room: left as it is (undefined), taken out (null) or another one. */
const roomIdOf = (roomId: string | null | undefined) =>
  roomId === undefined ? undefined : roomId === null ? null : Number(roomId);

const newPatternKlass = (scheduleId: number, k: PlannedKlass) => ({
  scheduleId,
  startsAt: k.startsAt,
  endsAt: k.endsAt,
  origin: 'pattern' as const,
  originalStartsAt: k.startsAt,
});

// Reading

/** Admin/teacher document of one schedule: programme, teacher, plans, add-ons, sessions, roster. */
export async function getSchedule(
  ctx: ClassesContext,
  viewer: Viewer,
  id: number,
): Promise<ScheduleDocument> {
  const found = await findScheduleWithGroup(ctx.db, id);
  if (!found) throw notFound('Schedule');
  const { schedule, group } = found;
  if (viewer.role !== 'admin' && schedule.teacherId !== viewer.id) {
    throw forbidden('Only an admin or the teacher of this schedule can see it.');
  }
  const [extras, klasses, roster, groupScheduleIds] = await Promise.all([
    loadScheduleExtras(ctx, [schedule]),
    klassRowsOfSchedules(ctx.db, [id]),
    rosterOfSchedule(ctx.db, id),
    scheduleIdsOfGroup(ctx.db, group.id),
  ]);
  const resources = await adminScheduleResources(ctx, [schedule], extras, {
    klasses: new Map([[id, klasses]]),
    enrollmentIds: new Map([[id, roster.map((r) => r.id)]]),
  });
  return {
    data: resources.schedules[0] as ScheduleDocument['data'],
    included: uniqueIncluded([
      klassGroupResource(group, groupScheduleIds, ctx.images.urls),
      ...resources.related,
      ...resources.klasses,
      ...roster.map(enrollmentResource),
      ...roster.map(rosterAttendeeResource),
    ]),
  };
}

/** A page of schedules: all for admins, their own for teachers. */
export async function listSchedules(
  ctx: ClassesContext,
  viewer: Viewer,
  query: { page: number; klass_group_id?: string },
): Promise<ScheduleListDocument> {
  const filter = {
    klassGroupId: query.klass_group_id === undefined ? undefined : Number(query.klass_group_id),
    teacherId: viewer.role === 'admin' ? undefined : viewer.id,
  };
  const [total, schedules] = await Promise.all([
    countScheduleRows(ctx.db, filter),
    listScheduleRows(ctx.db, filter, pageWindow(query.page)),
  ]);
  const groupIds = [...new Set(schedules.map((s) => s.klassGroupId))];
  const [extras, klassCounts, groups, siblings] = await Promise.all([
    loadScheduleExtras(ctx, schedules),
    loadKlassCounts(ctx, schedules),
    klassGroupRowsByIds(ctx.db, groupIds),
    scheduleRowsOfGroups(ctx.db, groupIds),
  ]);
  const resources = await adminScheduleResources(ctx, schedules, extras, { klassCounts });
  const siblingsByGroup = groupBy(siblings, (s) => s.klassGroupId);
  return {
    data: resources.schedules,
    included: uniqueIncluded([
      ...groups.map((g) =>
        klassGroupResource(
          g,
          (siblingsByGroup.get(g.id) ?? []).map((s) => s.id),
          ctx.images.urls,
        ),
      ),
      ...resources.related,
    ]),
    meta: pageMeta(query.page, total),
  };
}

// Writing

/** Creates a schedule with its plan links and every session its pattern makes. */
export async function createSchedule(
  ctx: ClassesContext,
  klassGroupId: number,
  fields: ScheduleFields,
  admin: Viewer,
): Promise<ScheduleDocument> {
  const group = await findKlassGroupRow(ctx.db, klassGroupId);
  if (!group) throw notFound('Programme');
  const errors: FieldError[] = [];
  const planIds = [...new Set(fields.plan_ids.map(Number))];
  const planned = planOrErrors(fields, errors);
  const roomId = fields.room_id ? Number(fields.room_id) : null;
  await checkReferences(
    ctx.db,
    { teacherId: Number(fields.teacher_id), planIds, roomId, capacity: fields.capacity },
    errors,
  );
  if (errors.length > 0 || !planned) throw new ValidationError(errors);

  const schedule = await ctx.db.transaction(async (tx) => {
    const row = await insertScheduleRow(tx, {
      klassGroupId,
      name: fields.name,
      teacherId: Number(fields.teacher_id),
      roomId,
      capacity: fields.capacity,
      timeZone: fields.time_zone,
      startDate: fields.start_date,
      endDate: fields.end_date,
      slots: fields.slots,
      exceptionDates: [...new Set(fields.exception_dates)].sort(),
      translations: storedTranslations(fields.translations),
    });
    await replacePlanLinks(tx, row.id, planIds);
    await insertKlassRows(
      tx,
      planned.klasses.map((k) => newPatternKlass(row.id, k)),
    );
    return row;
  });
  ctx.changed();
  return getSchedule(ctx, admin, schedule.id);
}

const samePattern = (a: SchedulePattern, b: SchedulePattern) =>
  a.time_zone === b.time_zone &&
  a.start_date === b.start_date &&
  a.end_date === b.end_date &&
  JSON.stringify(a.slots) === JSON.stringify(b.slots) &&
  JSON.stringify(a.exception_dates) === JSON.stringify(b.exception_dates);

/**
 * Which occurrence of the pattern a session is: its local date and its rank among that day's
 * slots. A time change keeps the key, so "the session of 12 January" stays the same session.
 */
function slotKeys<T>(items: T[], instant: (item: T) => Date, zone: string): Map<string, T> {
  const byDate = groupBy(items, (item) => localDate(instant(item), zone));
  const out = new Map<string, T>();
  for (const [date, sameDay] of byDate) {
    sameDay.sort((a, b) => instant(a).getTime() - instant(b).getTime());
    for (const [rank, item] of sameDay.entries()) out.set(`${date}#${rank}`, item);
  }
  return out;
}

/**
 * Brings the schedule's future sessions in line with a changed pattern. Sessions are matched to
 * the pattern by occurrence (local date and rank that day). Only future sessions the pattern made
 * and nobody moved or cancelled follow the new pattern: they get its new times, or are deleted
 * when their occurrence is gone. Past, moved, cancelled and extra sessions were decided by people
 * and stay as they are; an occurrence they hold gets no second session. New future occurrences
 * get new sessions. Answers what it did to the upcoming sessions, for telling the families.
 */
async function regenerateFutureKlasses(
  db: Db,
  scheduleId: number,
  zones: { before: string; after: string },
  planned: PlannedKlass[],
  now: Date,
): Promise<PatternChange> {
  const change: PatternChange = { moved: [], dropped: [], added: [] };
  const existing = (await klassRowsOfSchedules(db, [scheduleId])).filter(
    (k) => k.origin === 'pattern' && k.originalStartsAt,
  );
  const current = slotKeys(existing, (k) => k.originalStartsAt as Date, zones.before);
  const wanted = slotKeys(planned, (k) => k.startsAt, zones.after);
  const followsPattern = (k: KlassRow) =>
    k.status === 'scheduled' &&
    k.startsAt > now &&
    k.originalStartsAt?.getTime() === k.startsAt.getTime();

  const stale: number[] = [];
  for (const [key, klass] of current) {
    if (!followsPattern(klass)) continue;
    const want = wanted.get(key);
    if (!want || want.startsAt <= now) {
      stale.push(klass.id);
      change.dropped.push({ id: klass.id, startsAt: klass.startsAt, endsAt: klass.endsAt });
    } else if (
      want.startsAt.getTime() !== klass.startsAt.getTime() ||
      want.endsAt.getTime() !== klass.endsAt.getTime()
    ) {
      await updateKlassRow(db, klass.id, {
        startsAt: want.startsAt,
        endsAt: want.endsAt,
        originalStartsAt: want.startsAt,
      });
      change.moved.push({
        id: klass.id,
        from: { startsAt: klass.startsAt, endsAt: klass.endsAt },
        to: { startsAt: want.startsAt, endsAt: want.endsAt },
      });
    }
  }
  await deleteKlassRows(db, stale);
  const fresh = [...wanted].filter(([key, k]) => !current.has(key) && k.startsAt > now);
  const inserted = await insertKlassRows(
    db,
    fresh.map(([, k]) => newPatternKlass(scheduleId, k)),
  );
  change.added = inserted.map((k) => ({ id: k.id, startsAt: k.startsAt, endsAt: k.endsAt }));
  return change;
}

export async function updateSchedule(
  ctx: ClassesContext,
  id: number,
  patch: SchedulePatch,
  admin: Viewer,
): Promise<ScheduleDocument> {
  const change = await ctx.db.transaction(async (tx) => {
    const current = await lockScheduleRow(tx, id);
    if (!current) throw notFound('Schedule');
    const before: SchedulePattern = {
      time_zone: current.timeZone,
      start_date: current.startDate,
      end_date: current.endDate,
      slots: current.slots,
      exception_dates: current.exceptionDates,
    };
    const after: SchedulePattern = {
      time_zone: patch.time_zone ?? before.time_zone,
      start_date: patch.start_date ?? before.start_date,
      end_date: patch.end_date ?? before.end_date,
      slots: patch.slots ?? before.slots,
      exception_dates: patch.exception_dates
        ? [...new Set(patch.exception_dates)].sort()
        : before.exception_dates,
    };
    const errors: FieldError[] = [];
    const patternChanged = !samePattern(before, after);
    const planned = patternChanged ? planOrErrors(after, errors) : null;
    const planIds = patch.plan_ids ? [...new Set(patch.plan_ids.map(Number))] : undefined;
    await checkReferences(
      tx,
      {
        teacherId: patch.teacher_id === undefined ? undefined : Number(patch.teacher_id),
        planIds,
        // The seats are checked against the room the schedule will meet in, when either changes.
        roomId:
          patch.room_id !== undefined
            ? roomIdOf(patch.room_id)
            : patch.capacity !== undefined
              ? current.roomId
              : undefined,
        capacity: patch.capacity ?? current.capacity,
      },
      errors,
    );
    if (patch.capacity !== undefined) {
      const counts = (await seatCountsBySchedule(tx, [id], ctx.now())).get(id);
      const taken = (counts?.held ?? 0) + (counts?.enrolled ?? 0);
      if (patch.capacity < taken) {
        errors.push({
          field: 'capacity',
          detail: `Cannot be below the ${taken} seat${taken === 1 ? '' : 's'} already taken`,
        });
      }
    }
    if (errors.length > 0) throw new ValidationError(errors);

    await updateScheduleRow(tx, id, {
      name: patch.name,
      teacherId: patch.teacher_id === undefined ? undefined : Number(patch.teacher_id),
      roomId: roomIdOf(patch.room_id),
      capacity: patch.capacity,
      timeZone: after.time_zone,
      startDate: after.start_date,
      endDate: after.end_date,
      slots: after.slots,
      exceptionDates: after.exception_dates,
      translations: patch.translations && storedTranslations(patch.translations),
    });
    if (planIds) await replacePlanLinks(tx, id, planIds);
    if (!planned) return null;
    return regenerateFutureKlasses(
      tx,
      id,
      { before: before.time_zone, after: after.time_zone },
      planned.klasses,
      ctx.now(),
    );
  });
  ctx.changed();
  if (change && ctx.notify) {
    try {
      await tellFamiliesOfPatternChange(ctx, ctx.notify, id, change, admin.id, ctx.now());
    } catch (err) {
      // The edit is committed; a lost notice must not turn it into an error.
      ctx.log?.warn({ err, scheduleId: id }, 'schedule pattern changed but families not told');
    }
  }
  return getSchedule(ctx, admin, id);
}

const hasEnrollments = (n: number) =>
  new AppError(
    'conflict',
    `This schedule cannot be deleted: it has ${n} enrollment${n === 1 ? '' : 's'}.`,
    { enrollments: n },
  );

export async function deleteSchedule(ctx: ClassesContext, id: number): Promise<void> {
  const schedule = await findScheduleRow(ctx.db, id);
  if (!schedule) throw notFound('Schedule');
  const counts = (await seatCountsBySchedule(ctx.db, [id], ctx.now())).get(id);
  if (counts && counts.enrollmentsTotal > 0) throw hasEnrollments(counts.enrollmentsTotal);
  try {
    await deleteScheduleRow(ctx.db, id);
  } catch (error) {
    // Someone enrolled between the check and the delete: the foreign key refuses.
    if (isForeignKeyViolation(error)) throw hasEnrollments(1);
    throw error;
  }
  ctx.changed();
}

// Sessions

function checkKlassTimes(times: { starts_at: string; ends_at: string }) {
  const errors = klassTimeRuleErrors(times);
  if (errors.length > 0) throw new ValidationError(errors);
}

/** Adds a session outside the pattern (a make-up class, an extra workshop). */
export async function addKlass(
  ctx: ClassesContext,
  scheduleId: number,
  times: { starts_at: string; ends_at: string },
): Promise<KlassDocument> {
  const schedule = await findScheduleRow(ctx.db, scheduleId);
  if (!schedule) throw notFound('Schedule');
  checkKlassTimes(times);
  const [row] = await insertKlassRows(ctx.db, [
    {
      scheduleId,
      startsAt: new Date(times.starts_at),
      endsAt: new Date(times.ends_at),
      origin: 'extra',
      originalStartsAt: null,
    },
  ]);
  ctx.changed();
  return { data: klassResource(row as KlassRow, schedule.klassGroupId) };
}

/**
 * Moves a session (new times) and/or cancels or restores it. A cancelled session keeps its row.
 * The families of the schedule are told of the change (`actorId` sends it).
 */
export async function updateKlass(
  ctx: ClassesContext,
  id: number,
  patch: KlassPatch,
  actorId: number | null = null,
): Promise<KlassDocument> {
  const current = await findKlassRow(ctx.db, id);
  if (!current) throw notFound('Session');
  const startsAt = patch.starts_at ?? current.startsAt.toISOString();
  const endsAt = patch.ends_at ?? current.endsAt.toISOString();
  checkKlassTimes({ starts_at: startsAt, ends_at: endsAt });
  const row = await updateKlassRow(ctx.db, id, {
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    status: patch.status,
  });
  const schedule = await findScheduleRow(ctx.db, current.scheduleId);
  if (!row || !schedule) throw notFound('Session');
  ctx.changed();
  const change = klassChange(current, row);
  if (change && ctx.notify) {
    try {
      await tellFamiliesOfKlassChange(ctx, ctx.notify, row, change, actorId);
    } catch (err) {
      // The change is committed; a lost notice must not turn it into an error.
      ctx.log?.warn({ err, klassId: id }, 'session changed but families not told');
    }
  }
  return { data: klassResource(row, schedule.klassGroupId) };
}

// Add-ons

export async function addAddon(
  ctx: ClassesContext,
  scheduleId: number,
  fields: AddonFields,
): Promise<AddonDocument> {
  const schedule = await findScheduleRow(ctx.db, scheduleId);
  if (!schedule) throw notFound('Schedule');
  const row = await insertAddonRow(ctx.db, {
    scheduleId,
    name: fields.name,
    price: fields.price,
    translations: storedTranslations(fields.translations),
  });
  ctx.changed();
  return { data: addonResource(row) };
}

export async function updateAddon(
  ctx: ClassesContext,
  id: number,
  patch: AddonPatch,
): Promise<AddonDocument> {
  const row = await updateAddonRow(ctx.db, id, {
    name: patch.name,
    price: patch.price,
    translations: patch.translations && storedTranslations(patch.translations),
  });
  if (!row) throw notFound('Add-on');
  ctx.changed();
  return { data: addonResource(row) };
}

export async function deleteAddon(ctx: ClassesContext, id: number): Promise<void> {
  const row = await findAddonRow(ctx.db, id);
  if (!row) throw notFound('Add-on');
  try {
    await deleteAddonRow(ctx.db, id);
  } catch (error) {
    // Orders and cart items (commerce) point at add-ons they sold.
    if (isForeignKeyViolation(error)) {
      throw new AppError('conflict', 'This add-on has been booked, so it cannot be deleted.');
    }
    throw error;
  }
  ctx.changed();
}

export type { ScheduleRow };
