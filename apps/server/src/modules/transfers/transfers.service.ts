import {
  DEFAULT_LANGUAGE,
  type FamilyEnrollmentsDocument,
  type Language,
  TRANSFER_MESSAGES,
  type TransferDocument,
  type TransferOptionsDocument,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import type { Viewer } from '../../lib/http';
import { localDate } from '../../lib/local-date';
import { nameInLanguage } from '../../lib/translated-content';
import type { Mailer } from '../../mail/mailer';
import { lockScheduleCapacities } from '../classes';
import { enrolledAmong, moveEnrollment, seatCountsBySchedule, seatsLeft } from '../enrollments';
import { type LedgerEntryInput, recordEntries } from '../ledger';
import type { NotifyInput } from '../notifications';
import { priceCartItem } from '../pricing';
import type { EnrollmentFacts, PlanFacts, ScheduleFacts, TransferReads } from './transfers.context';
import { insertTransfer } from './transfers.repository';

// Transfers between schedules (docs/product.md#transfers, docs/decisions/078-transfers.md): an
// active enrollment moves to another schedule with a free seat, under the schedule locks orders
// and make-ups take; the price difference for the sessions ahead goes on the family's ledger in
// the same transaction; the freed seat goes to the old schedule's waitlist after the commit.

export type TransfersContext = {
  db: Db;
  now: () => Date;
  currency: string;
  /** FAMILY_TRANSFERS: whether families move their own children (staff always may). */
  familyTransfers: boolean;
  reads: TransferReads;
  notify: (input: NotifyInput) => Promise<unknown>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
  /** The waitlist above classes hears of the freed seat through this (wired in app.ts). */
  seatsFreed: (scheduleIds: number[]) => Promise<void>;
  log: { warn(obj: object, msg: string): void };
};

/** Who asks: a family for its own children (when allowed), or staff for anyone's. */
export type TransferActor = { viewer: Viewer; asStaff: boolean };

const unprocessable = (field: string, detail: string) => new ValidationError([{ field, detail }]);
const conflict = (detail: string) => new AppError('conflict', detail);

/** The enrollment the actor may move, or 404 (another family's is not a leak of what exists). */
async function enrollmentOf(
  ctx: TransfersContext,
  actor: TransferActor,
  enrollmentId: number,
): Promise<EnrollmentFacts> {
  const facts = await ctx.reads.enrollmentFacts(ctx.db, enrollmentId);
  if (!facts) throw notFound('Enrollment');
  if (!actor.asStaff) {
    if (facts.userId === null || facts.userId !== actor.viewer.id) throw notFound('Enrollment');
    if (!ctx.familyTransfers) throw forbidden(TRANSFER_MESSAGES.notAllowed);
  }
  if (facts.status !== 'active') throw conflict(TRANSFER_MESSAGES.notActive);
  return facts;
}

/** Whether the schedule has a session ahead (not cancelled, not started) at `at`. */
const hasSessionsAhead = (schedule: ScheduleFacts, at: Date) =>
  schedule.klasses.some((k) => k.status !== 'cancelled' && k.startsAt.getTime() >= at.getTime());

/** What the plan charges for one child in the schedule's sessions ahead at `at` (no add-ons, no coupon). */
function valueAt(plan: PlanFacts, schedule: ScheduleFacts, at: Date): number {
  return priceCartItem({
    plan,
    schedule,
    addonPrices: [],
    numberOfAttendees: 1,
    coupon: null,
    at,
  }).total;
}

type Priced = {
  facts: EnrollmentFacts;
  from: ScheduleFacts;
  to: ScheduleFacts;
  plan: PlanFacts;
  oldValue: number;
  newPrice: number;
  at: Date;
};

/**
 * Everything checked before the move, without a lock: the target exists, differs, has sessions
 * ahead and offers the plan; the difference priced. The move checks seats again under the lock.
 */
async function priceTransfer(
  ctx: TransfersContext,
  actor: TransferActor,
  enrollmentId: number,
  body: { schedule_id: number; plan_id?: number },
): Promise<Priced> {
  const facts = await enrollmentOf(ctx, actor, enrollmentId);
  if (body.schedule_id === facts.scheduleId) {
    throw unprocessable('schedule_id', TRANSFER_MESSAGES.sameSchedule);
  }
  const [to, from] = await Promise.all([
    ctx.reads.scheduleFacts(ctx.db, body.schedule_id),
    ctx.reads.scheduleFacts(ctx.db, facts.scheduleId),
  ]);
  if (!to) throw unprocessable('schedule_id', TRANSFER_MESSAGES.noSchedule);
  if (!from) throw notFound('Enrollment');
  const at = ctx.now();
  if (!hasSessionsAhead(to, at) || to.endDate < localDate(at, to.timeZone)) {
    throw unprocessable('schedule_id', TRANSFER_MESSAGES.ended);
  }
  const planId = body.plan_id ?? facts.planId;
  if (planId === null) throw unprocessable('plan_id', TRANSFER_MESSAGES.choosePlan);
  const field = body.plan_id === undefined ? 'schedule_id' : 'plan_id';
  if (!to.planIds.includes(planId)) throw unprocessable(field, TRANSFER_MESSAGES.planNotOffered);
  const plan = await ctx.reads.planFacts(ctx.db, planId);
  if (!plan) throw unprocessable(field, TRANSFER_MESSAGES.planNotOffered);
  if ((await enrolledAmong(ctx.db, to.id, [facts.attendeeProfileId])).size > 0) {
    throw unprocessable('schedule_id', TRANSFER_MESSAGES.alreadyEnrolled);
  }
  // Both sides at today's plan: a price change since the order is not the family's difference.
  return {
    facts,
    from,
    to,
    plan,
    oldValue: valueAt(plan, from, at),
    newPrice: valueAt(plan, to, at),
    at,
  };
}

/** The schedule's names in `language`, each falling back to English. */
const namesOf = (s: ScheduleFacts, language: Language) => ({
  programme: nameInLanguage(s.programme, s.programmeTranslations, language),
  schedule: nameInLanguage(s.name, s.translations, language),
});

/** "Programme (schedule)" in `language`; ja writes the brackets full width. */
function label(s: ScheduleFacts, language: Language = DEFAULT_LANGUAGE): string {
  const { programme, schedule } = namesOf(s, language);
  return language === 'ja' ? `${programme}（${schedule}）` : `${programme} (${schedule})`;
}

/** An account's language, the default when it names none of ours. */
const languageOf = (locale: Language | null | undefined): Language =>
  locale === 'ja' ? 'ja' : DEFAULT_LANGUAGE;

function transferDocument(
  ctx: TransfersContext,
  p: Priced,
  done: { id: number; newEnrollmentId: number; createdAt: Date } | null,
  language: Language,
): TransferDocument {
  return {
    data: {
      id: done ? String(done.id) : 'preview',
      type: 'enrollment_transfers',
      attributes: {
        enrollment_id: String(p.facts.id),
        new_enrollment_id: done ? String(done.newEnrollmentId) : null,
        attendee_name: p.facts.attendeeName,
        from_schedule_id: String(p.from.id),
        from_name: label(p.from, language),
        to_schedule_id: String(p.to.id),
        to_name: label(p.to, language),
        plan_id: String(p.plan.id),
        currency: ctx.currency,
        old_value: p.oldValue,
        new_price: p.newPrice,
        difference: p.newPrice - p.oldValue,
        dry_run: done === null,
        created_at: (done?.createdAt ?? p.at).toISOString(),
      },
    },
  };
}

/** The ledger entry of a difference: a charge when the new place costs more, a credit when less. */
export function transferEntries(
  owner: { userId: number | null; guestCustomerId: number | null },
  move: {
    difference: number;
    currency: string;
    description: string;
    createdById: number | null;
    at: Date;
  },
): LedgerEntryInput[] {
  if (move.difference === 0) return [];
  return [
    {
      owner,
      kind: move.difference > 0 ? 'charge' : 'credit',
      amount: move.difference,
      currency: move.currency,
      description: move.description,
      createdById: move.createdById,
      at: move.at,
    },
  ];
}

/**
 * Moves the child (or, with `dry_run`, only answers the difference). The seat, the old place's
 * end, the transfer's row, the ledger entry and the family's mail are one transaction; the
 * waitlist offer of the freed seat and the notifications follow the commit.
 */
export async function transferEnrollment(
  ctx: TransfersContext,
  actor: TransferActor,
  enrollmentId: number,
  body: { schedule_id: number; plan_id?: number; dry_run?: boolean },
  language: Language,
): Promise<{ created: boolean; document: TransferDocument }> {
  const p = await priceTransfer(ctx, actor, enrollmentId, body);
  if (body.dry_run) {
    const counts = await seatCountsBySchedule(ctx.db, [p.to.id], p.at);
    if (seatsLeft(p.to.capacity, counts.get(p.to.id)) < 1) {
      throw unprocessable('schedule_id', TRANSFER_MESSAGES.full);
    }
    return { created: false, document: transferDocument(ctx, p, null, language) };
  }
  const difference = p.newPrice - p.oldValue;
  const createdById = actor.viewer.userId ?? actor.viewer.id;
  const contact =
    p.facts.userId === null ? undefined : await ctx.reads.familyContact(ctx.db, p.facts.userId);
  const done = await ctx.db.transaction(async (tx) => {
    const move = await moveEnrollment(tx, lockScheduleCapacities, {
      enrollmentId: p.facts.id,
      fromScheduleId: p.from.id,
      toScheduleId: p.to.id,
      at: p.at,
    });
    if (!move.moved) {
      if (move.reason === 'not_active') throw conflict(TRANSFER_MESSAGES.notActive);
      if (move.reason === 'full') throw unprocessable('schedule_id', TRANSFER_MESSAGES.full);
      if (move.reason === 'same_schedule') {
        throw unprocessable('schedule_id', TRANSFER_MESSAGES.sameSchedule);
      }
      throw unprocessable('schedule_id', TRANSFER_MESSAGES.alreadyEnrolled);
    }
    const row = await insertTransfer(tx, {
      fromEnrollmentId: p.facts.id,
      toEnrollmentId: move.newEnrollmentId,
      attendeeProfileId: p.facts.attendeeProfileId,
      fromScheduleId: p.from.id,
      toScheduleId: p.to.id,
      planId: p.plan.id,
      oldValue: p.oldValue,
      newPrice: p.newPrice,
      difference,
      currency: ctx.currency,
      createdById,
      createdAt: p.at,
    });
    await recordEntries(
      tx,
      transferEntries(
        { userId: p.facts.userId, guestCustomerId: p.facts.guestCustomerId },
        {
          difference,
          currency: ctx.currency,
          // A money record: in English, as written (docs/architecture.md#translated-content).
          description: `${p.facts.attendeeName}: ${label(p.from)} → ${label(p.to)}`,
          createdById,
          at: p.at,
        },
      ),
    );
    if (contact) {
      const locale = languageOf(contact.locale);
      await ctx.mailer.queue(tx, {
        to: contact.email,
        locale,
        template: 'enrollment_transferred',
        params: {
          name: contact.name,
          child: p.facts.attendeeName,
          from: label(p.from, locale),
          to: label(p.to, locale),
          currency: ctx.currency,
          difference,
        },
      });
    }
    return { id: row.id, newEnrollmentId: move.newEnrollmentId, createdAt: row.createdAt };
  });
  ctx.mailer.wake();
  await ctx.seatsFreed([p.from.id]);
  await tellEveryone(ctx, p, createdById);
  return { created: true, document: transferDocument(ctx, p, done, language) };
}

/** After the commit: the family (and its guardians) and the teachers of both schedules. */
async function tellEveryone(ctx: TransfersContext, p: Priced, senderId: number) {
  const next = p.to.klasses
    .filter((k) => k.status !== 'cancelled' && k.startsAt.getTime() >= p.at.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  const record = { type: 'klasses' as const, id: next?.id ?? 0 };
  const child = p.facts.attendeeName;
  const recipients = [
    ...(p.facts.userId === null ? [] : [{ id: p.facts.userId, family: true }]),
    ...[...new Set([p.from.teacherId, p.to.teacherId])].map((id) => ({ id, family: false })),
  ];
  for (const r of recipients) {
    // Each in their account's language: the family's and each teacher's.
    const language: Language = await ctx.reads
      .familyContact(ctx.db, r.id)
      .then((contact) => languageOf(contact?.locale))
      .catch((): Language => DEFAULT_LANGUAGE);
    const ja = language === 'ja';
    const title = r.family
      ? ja
        ? `${child} さんのクラスが変わりました`
        : `Class changed: ${child}`
      : ja
        ? `クラス変更: ${child}`
        : `Class change: ${child}`;
    const content = `${child}: ${label(p.from, language)} → ${label(p.to, language)}`;
    await ctx
      .notify({ recipientId: r.id, senderId, title, content, record })
      .catch((err: unknown) =>
        ctx.log.warn({ err, enrollmentId: p.facts.id }, 'transfer notification failed'),
      );
  }
}

/**
 * The schedules an enrollment may move to, with sessions ahead and a seat: those offering its
 * plan, or for a place made by hand (no plan known) those of its programme, each with the plan
 * the move would be priced with.
 */
export async function transferOptions(
  ctx: TransfersContext,
  actor: TransferActor,
  enrollmentId: number,
  language: Language,
): Promise<TransferOptionsDocument> {
  const facts = await enrollmentOf(ctx, actor, enrollmentId);
  const at = ctx.now();
  const today = localDate(at, 'UTC');
  let candidates: ScheduleFacts[];
  if (facts.planId !== null) {
    candidates = await ctx.reads.schedulesOfferingPlan(ctx.db, facts.planId, today);
  } else {
    const from = await ctx.reads.scheduleFacts(ctx.db, facts.scheduleId);
    candidates = from ? await ctx.reads.schedulesOfProgramme(ctx.db, from.klassGroupId, today) : [];
  }
  candidates = candidates.filter((s) => s.id !== facts.scheduleId && hasSessionsAhead(s, at));
  const ids = candidates.map((s) => s.id);
  const [counts, enrolled] = await Promise.all([
    seatCountsBySchedule(ctx.db, ids, at),
    Promise.all(ids.map((id) => enrolledAmong(ctx.db, id, [facts.attendeeProfileId]))),
  ]);
  const data = [];
  for (const [i, s] of candidates.entries()) {
    const left = seatsLeft(s.capacity, counts.get(s.id));
    const planId = facts.planId ?? s.planIds[0];
    if (left < 1 || (enrolled[i]?.size ?? 0) > 0 || planId === undefined) continue;
    data.push({
      schedule_id: String(s.id),
      plan_id: String(planId),
      programme: namesOf(s, language).programme,
      schedule_name: namesOf(s, language).schedule,
      start_date: s.startDate,
      end_date: s.endDate,
      time_zone: s.timeZone,
      seats_left: left,
    });
  }
  return { data };
}

/** The family's active enrollments and whether it may change them itself. */
export async function familyEnrollmentList(
  ctx: TransfersContext,
  viewer: Viewer,
  language: Language,
): Promise<FamilyEnrollmentsDocument> {
  const rows = await ctx.reads.familyEnrollments(ctx.db, viewer.id, language);
  return {
    data: rows.map((r) => ({
      id: String(r.id),
      attendee_profile_id: String(r.attendeeProfileId),
      attendee_name: r.attendeeName,
      schedule_id: String(r.scheduleId),
      programme: r.programme,
      schedule_name: r.scheduleName,
      end_date: r.endDate,
    })),
    meta: { family_transfers: ctx.familyTransfers },
  };
}
