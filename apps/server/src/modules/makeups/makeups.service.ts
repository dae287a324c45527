import {
  type AbsenceDocument,
  type FamilyAbsenceListDocument,
  type Language,
  MAKEUP_MESSAGES,
  type MakeupBookingDocument,
  type MakeupCredit,
  type MakeupCreditDocument,
  type MakeupCreditListDocument,
  type MakeupCreditState,
  type MakeupOptionsDocument,
} from '@atelier/contract';
import type { Db, Tx } from '../../db/client';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import { personOf, type Viewer } from '../../lib/http';
import { nameInLanguage } from '../../lib/translated-content';
import type { Mailer } from '../../mail/mailer';
import { lockScheduleCapacities } from '../classes';
import {
  holdSessionSeat,
  lockSessionSeatLeft,
  releaseSessionSeat,
  sessionsWithSeatsLeft,
} from '../enrollments';
import type { NotifyInput } from '../notifications';
import type { FamilyCreditRow, MakeupReads, SessionRow } from './makeups.context';
import {
  type BookingRow,
  type CreditRow,
  cancelBooking,
  claimReminder,
  deleteAbsence,
  findAbsence,
  findCredit,
  hasLiveMakeupIn,
  insertAbsence,
  insertBooking,
  insertCredit,
  liveMakeupKlassesOfChild,
  lockBooking,
  lockChildCredits,
  lockCredit,
  revokeUnusedCreditOfAbsence,
  setCreditUsed,
} from './makeups.repository';

// Absences and make-ups (docs/product.md#absences-and-make-ups,
// docs/decisions/074-absences-and-make-ups.md): a family reports an absence before a session;
// within the policy the child gets a credit that books one seat in any upcoming session with a
// free seat, in person or online, under the same schedule lock orders and enrollments take.

/** The school's make-up policy (config: MAKEUPS_PER_TERM, MAKEUP_CREDIT_DAYS). */
export type MakeupPolicy = { perTerm: number; creditDays: number };

export type MakeupsContext = {
  db: Db;
  now: () => Date;
  policy: MakeupPolicy;
  notify: (input: NotifyInput) => Promise<unknown>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
  log: { warn(obj: object, msg: string): void };
  reads: MakeupReads;
};

const DAY_MS = 86_400_000;
/** The expiry reminder goes out this long before a credit lapses. */
export const MAKEUP_REMINDER_LEAD_MS = 7 * DAY_MS;
/** Sessions offered for one make-up at most: the list stays a short choice. */
const OPTIONS_LIMIT = 50;
const SCAN_LIMIT = 300;

/** The session's programme and schedule names in `language`, each falling back to English. */
function sessionNames(session: SessionRow, language: Language) {
  return {
    programme: nameInLanguage(session.programme, session.programmeTranslations, language),
    schedule: nameInLanguage(session.scheduleName, session.scheduleTranslations, language),
  };
}

const unprocessable = (field: string, detail: string) => new ValidationError([{ field, detail }]);
const conflict = (detail: string) => new AppError('conflict', detail);

async function upcomingSession(
  ctx: MakeupsContext,
  klassId: number,
  now: Date,
): Promise<SessionRow> {
  const session = await ctx.reads.sessionById(ctx.db, klassId);
  if (!session) throw notFound('Session');
  if (session.status === 'cancelled') throw conflict(MAKEUP_MESSAGES.cancelled);
  if (now.getTime() >= session.startsAt.getTime()) throw conflict(MAKEUP_MESSAGES.started);
  return session;
}

/** The attendee must be a child of the viewer's family (another family's child: 422, not a leak of who exists). */
async function ownChild(ctx: MakeupsContext, viewer: Viewer, attendeeProfileId: number) {
  const child = await ctx.reads.familyOfAttendee(ctx.db, attendeeProfileId);
  if (!child || child.userId !== viewer.id) {
    throw unprocessable('attendee_profile_id', MAKEUP_MESSAGES.notYourChild);
  }
  return child;
}

/** The teacher's notice of an absence, in the teacher's language. */
function absenceNotice(session: SessionRow, child: string, reason: string) {
  const ja = session.teacherLocale === 'ja';
  const { programme, schedule } = sessionNames(session, ja ? 'ja' : 'en');
  const at = `${session.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const why = reason ? ` ${reason}` : '';
  return ja
    ? {
        title: `欠席連絡: ${child}`,
        content: `${child} さんは ${at} の ${programme}（${schedule}）を欠席します。${why}`,
      }
    : {
        title: `Absence: ${child}`,
        content: `${child} will miss ${programme} (${schedule}) on ${at}.${why}`,
      };
}

/**
 * Reports the child absent from an upcoming session of theirs; within the policy (credits from
 * absences per child and schedule) the child gets a credit valid `creditDays`. The teacher is
 * notified after the commit.
 */
export async function reportAbsence(
  ctx: MakeupsContext,
  viewer: Viewer,
  klassId: number,
  body: { attendee_profile_id: number; reason?: string },
): Promise<AbsenceDocument> {
  const now = ctx.now();
  const session = await upcomingSession(ctx, klassId, now);
  const child = await ownChild(ctx, viewer, body.attendee_profile_id);
  if (!(await ctx.reads.enrolledInSession(ctx.db, body.attendee_profile_id, session))) {
    throw unprocessable('attendee_profile_id', MAKEUP_MESSAGES.notEnrolled);
  }
  const reason = body.reason ?? '';
  const result = await ctx.db.transaction(async (tx) => {
    await lockChildCredits(tx, body.attendee_profile_id);
    const absence = await insertAbsence(tx, {
      klassId,
      attendeeProfileId: body.attendee_profile_id,
      reason,
      reportedById: personOf(viewer),
    });
    if (!absence) throw conflict(MAKEUP_MESSAGES.alreadyReported);
    const given = await ctx.reads.absenceCreditsInSchedule(
      tx,
      body.attendee_profile_id,
      session.scheduleId,
    );
    const creditId =
      given < ctx.policy.perTerm
        ? await insertCredit(tx, {
            attendeeProfileId: body.attendee_profile_id,
            originKlassId: klassId,
            absenceId: absence.id,
            source: 'absence',
            reason,
            grantedById: null,
            expiresAt: new Date(now.getTime() + ctx.policy.creditDays * DAY_MS),
          })
        : null;
    return { absence, creditId };
  });
  await ctx
    .notify({
      recipientId: session.teacherId,
      senderId: personOf(viewer),
      ...absenceNotice(session, child.name, reason),
      record: { type: 'klasses', id: klassId },
    })
    .catch((err: unknown) => ctx.log.warn({ err, klassId }, 'absence notification failed'));
  return {
    data: {
      id: String(result.absence.id),
      type: 'absences',
      attributes: {
        klass_id: String(klassId),
        attendee_profile_id: String(body.attendee_profile_id),
        reason,
        created_at: result.absence.createdAt.toISOString(),
        makeup_credit_id: result.creditId === null ? null : String(result.creditId),
      },
    },
  };
}

/**
 * Takes a report back before the session starts; the credit it gave is revoked unless spent (a
 * spent one stays: the make-up seat was booked in good faith).
 */
export async function withdrawAbsence(
  ctx: MakeupsContext,
  viewer: Viewer,
  klassId: number,
  attendeeProfileId: number,
): Promise<void> {
  const now = ctx.now();
  await upcomingSession(ctx, klassId, now);
  await ownChild(ctx, viewer, attendeeProfileId);
  const absence = await findAbsence(ctx.db, klassId, attendeeProfileId);
  if (!absence) throw notFound('Absence');
  await ctx.db.transaction(async (tx) => {
    await lockChildCredits(tx, attendeeProfileId);
    await revokeUnusedCreditOfAbsence(tx, absence.id, now);
    await deleteAbsence(tx, absence.id);
  });
}

function creditState(credit: CreditRow, now: Date): MakeupCreditState {
  if (credit.revokedAt) return 'revoked';
  if (credit.usedAt) return 'used';
  if (credit.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'available';
}

function creditResource(row: FamilyCreditRow, now: Date): MakeupCredit {
  const { credit } = row;
  return {
    id: String(credit.id),
    attendee_profile_id: String(credit.attendeeProfileId),
    child_name: row.childName,
    source: credit.source,
    origin_klass_id: credit.originKlassId === null ? null : String(credit.originKlassId),
    origin_starts_at: row.originStartsAt ? row.originStartsAt.toISOString() : null,
    origin_name: row.originName ?? null,
    expires_at: credit.expiresAt.toISOString(),
    state: creditState(credit, now),
    used_at: credit.usedAt ? credit.usedAt.toISOString() : null,
    booking: row.booking
      ? {
          id: String(row.booking.id),
          klass_id: String(row.booking.klassId),
          starts_at: row.booking.startsAt.toISOString(),
          name: row.booking.name,
        }
      : null,
  };
}

/** The family's credits (revoked ones left out), newest first. */
export async function familyCredits(
  ctx: MakeupsContext,
  viewer: Viewer,
  language: Language,
): Promise<MakeupCreditListDocument> {
  const now = ctx.now();
  const rows = await ctx.reads.creditsOfFamily(ctx.db, viewer.id, language);
  return {
    data: rows.filter((r) => r.credit.revokedAt === null).map((r) => creditResource(r, now)),
  };
}

/** The family's reported absences from sessions still ahead: each can be taken back. */
export async function familyAbsences(
  ctx: MakeupsContext,
  viewer: Viewer,
): Promise<FamilyAbsenceListDocument> {
  const rows = await ctx.reads.absencesOfFamily(ctx.db, viewer.id, ctx.now());
  return {
    data: rows.map((r) => ({
      klass_id: String(r.klassId),
      attendee_profile_id: String(r.attendeeProfileId),
      child_name: r.childName,
      starts_at: r.startsAt.toISOString(),
      makeup_credit_id: r.creditId === null ? null : String(r.creditId),
    })),
  };
}

/** Staff grant a credit for a session the child missed (an unannounced absence gives none). */
export async function grantCredit(
  ctx: MakeupsContext,
  viewer: Viewer,
  body: { attendee_profile_id: number; klass_id: number; reason?: string },
  language: Language,
): Promise<MakeupCreditDocument> {
  if (viewer.role !== 'admin') throw forbidden('Only an admin can grant a make-up credit.');
  const now = ctx.now();
  const child = await ctx.reads.familyOfAttendee(ctx.db, body.attendee_profile_id);
  if (!child) throw unprocessable('attendee_profile_id', MAKEUP_MESSAGES.notYourChild);
  const session = await ctx.reads.sessionById(ctx.db, body.klass_id);
  if (!session) throw unprocessable('klass_id', 'No such session');
  const id = await insertCredit(ctx.db, {
    attendeeProfileId: body.attendee_profile_id,
    originKlassId: body.klass_id,
    source: 'staff',
    reason: body.reason ?? '',
    grantedById: viewer.userId ?? viewer.id,
    expiresAt: new Date(now.getTime() + ctx.policy.creditDays * DAY_MS),
  });
  const [row] = (await ctx.reads.creditsOfFamily(ctx.db, child.userId ?? -1, language)).filter(
    (r) => r.credit.id === id,
  );
  if (row) return { data: creditResource(row, now) };
  // A walk-in's child (no family account): answered from what was written.
  return {
    data: {
      id: String(id),
      attendee_profile_id: String(body.attendee_profile_id),
      child_name: child.name,
      source: 'staff',
      origin_klass_id: String(body.klass_id),
      origin_starts_at: session.startsAt.toISOString(),
      origin_name: sessionNames(session, language).programme,
      expires_at: new Date(now.getTime() + ctx.policy.creditDays * DAY_MS).toISOString(),
      state: 'available',
      used_at: null,
      booking: null,
    },
  };
}

/**
 * Whether the session has a free seat for a make-up, with its schedule locked until the
 * transaction ends: the same lock and the same count orders, waitlist offers and enrollments take
 * seats under (lockSeatsLeft). Booked make-ups are already in that count: each holds a session
 * seat (holdSessionSeat) until its session ends. The one place this module checks seats; call it
 * inside the transaction that then writes the booking and its session seat.
 */
export function lockMakeupSeat(
  tx: Tx,
  session: { id: number; scheduleId: number },
  at: Date,
): Promise<boolean> {
  return lockSessionSeatLeft(tx, lockScheduleCapacities, session.scheduleId, at);
}

/** The key of a make-up booking's session seat (docs/glossary.md#session-seat). */
const seatKey = (bookingId: number) => `makeup:${bookingId}`;

async function usableCredit(
  ctx: MakeupsContext,
  db: Db,
  viewer: Viewer,
  credit: CreditRow | undefined,
  now: Date,
) {
  if (!credit) throw unprocessable('makeup_credit_id', MAKEUP_MESSAGES.noCredit);
  const child = await ctx.reads.familyOfAttendee(db, credit.attendeeProfileId);
  if (!child || child.userId !== viewer.id) {
    throw unprocessable('makeup_credit_id', MAKEUP_MESSAGES.noCredit);
  }
  if (creditState(credit, now) !== 'available') {
    throw conflict(MAKEUP_MESSAGES.creditUnavailable);
  }
  return credit;
}

function bookingDocument(row: BookingRow): MakeupBookingDocument {
  return {
    data: {
      id: String(row.id),
      makeup_credit_id: String(row.creditId),
      klass_id: String(row.klassId),
      attendee_profile_id: String(row.attendeeProfileId),
      created_at: row.createdAt.toISOString(),
      cancelled_at: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    },
  };
}

/**
 * Spends a credit on a seat in an upcoming session the child is not in. The credit row is locked
 * first (of two tabs, the second then finds it used), then the schedule (a make-up never
 * oversells).
 */
export async function bookMakeup(
  ctx: MakeupsContext,
  viewer: Viewer,
  body: { makeup_credit_id: number; klass_id: number },
): Promise<MakeupBookingDocument> {
  const now = ctx.now();
  const session = await ctx.reads.sessionById(ctx.db, body.klass_id);
  if (!session) throw unprocessable('klass_id', 'No such session');
  if (session.status === 'cancelled') throw conflict(MAKEUP_MESSAGES.cancelled);
  if (now.getTime() >= session.startsAt.getTime()) throw conflict(MAKEUP_MESSAGES.started);
  const row = await ctx.db.transaction(async (tx) => {
    const credit = await usableCredit(
      ctx,
      tx,
      viewer,
      await lockCredit(tx, body.makeup_credit_id),
      now,
    );
    const child = credit.attendeeProfileId;
    if (
      (await ctx.reads.enrolledInSession(tx, child, session)) ||
      (await hasLiveMakeupIn(tx, session.id, child))
    ) {
      throw conflict(MAKEUP_MESSAGES.alreadyIn);
    }
    if (!(await lockMakeupSeat(tx, session, now))) throw conflict(MAKEUP_MESSAGES.full);
    await setCreditUsed(tx, credit.id, now);
    const booking = await insertBooking(tx, {
      creditId: credit.id,
      klassId: session.id,
      attendeeProfileId: child,
    });
    // Orders, the catalogue and the waitlist see the seat from this commit on.
    await holdSessionSeat(tx, {
      scheduleId: session.scheduleId,
      userId: viewer.id,
      holderKey: seatKey(booking.id),
      until: session.endsAt,
    });
    return booking;
  });
  return bookingDocument(row);
}

/** Cancels a make-up before its session starts: the credit is usable again (unless it expired). */
export async function cancelMakeup(
  ctx: MakeupsContext,
  viewer: Viewer,
  bookingId: number,
): Promise<MakeupBookingDocument> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    const child = booking
      ? await ctx.reads.familyOfAttendee(tx, booking.attendeeProfileId)
      : undefined;
    if (!booking || !child || child.userId !== viewer.id) throw notFound('Make-up booking');
    if (booking.cancelledAt) throw conflict(MAKEUP_MESSAGES.bookingCancelled);
    const session = await ctx.reads.sessionById(tx, booking.klassId);
    if (session && now.getTime() >= session.startsAt.getTime()) {
      throw conflict(MAKEUP_MESSAGES.started);
    }
    await lockCredit(tx, booking.creditId);
    await setCreditUsed(tx, booking.creditId, null);
    await releaseSessionSeat(tx, seatKey(booking.id));
    return cancelBooking(tx, booking.id, now);
  });
  return bookingDocument(row);
}

/**
 * Upcoming sessions the credit may book: not started, not cancelled, with a free seat, that the
 * child is not already in, any programme, in person or online. Seats are counted without a lock
 * (a list to choose from); booking checks again under the lock.
 */
export async function makeupOptions(
  ctx: MakeupsContext,
  viewer: Viewer,
  creditId: number,
  language: Language,
): Promise<MakeupOptionsDocument> {
  const now = ctx.now();
  const credit = await usableCredit(ctx, ctx.db, viewer, await findCredit(ctx.db, creditId), now);
  const [candidates, enrolledSchedules, booked] = await Promise.all([
    ctx.reads.upcomingSessions(ctx.db, now, SCAN_LIMIT),
    ctx.reads.schedulesOfChild(ctx.db, credit.attendeeProfileId),
    liveMakeupKlassesOfChild(ctx.db, credit.attendeeProfileId),
  ]);
  const open = candidates.filter((s) => !enrolledSchedules.has(s.scheduleId) && !booked.has(s.id));
  // Booked make-ups hold session seats: the schedule's count has them already.
  const free = await sessionsWithSeatsLeft(ctx.db, open, now, OPTIONS_LIMIT);
  const data = free.map((s) => ({
    klass_id: String(s.id),
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    time_zone: s.timeZone,
    programme: sessionNames(s, language).programme,
    schedule_name: sessionNames(s, language).schedule,
    format: s.format,
    seats_left: s.seatsLeft,
  }));
  return { data };
}

const REMINDER_BATCH = 100;

/**
 * Mails each family a week before an unused credit lapses, once per credit: the mail is queued in
 * the transaction that claims the credit's `reminded_at`, so of two processes sweeping at once
 * only one sends. Answers how many went out. Expired credits need no sweep: their state is read
 * from `expires_at`.
 */
export async function sweepMakeupReminders(ctx: MakeupsContext): Promise<number> {
  const now = ctx.now();
  const until = new Date(now.getTime() + MAKEUP_REMINDER_LEAD_MS);
  let sent = 0;
  for (;;) {
    const due = await ctx.reads.creditsDueReminder(ctx.db, now, until, REMINDER_BATCH);
    for (const credit of due) {
      const claimed = await ctx.db.transaction(async (tx) => {
        if (!(await claimReminder(tx, credit.id, now))) return false;
        await ctx.mailer.queue(tx, {
          to: credit.email,
          locale: (credit.locale ?? 'en') as Language,
          template: 'makeup_credit_expiring',
          params: { name: credit.name, child: credit.childName, expiresAt: credit.expiresAt },
        });
        return true;
      });
      if (claimed) sent += 1;
    }
    if (due.length < REMINDER_BATCH) break;
  }
  if (sent > 0) ctx.mailer.wake();
  return sent;
}
