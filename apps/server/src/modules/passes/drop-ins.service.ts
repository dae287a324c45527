import {
  type DropInDocument,
  type DropInOptionsDocument,
  type Language,
  PASS_MESSAGES,
} from '@atelier/contract';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import type { Viewer } from '../../lib/http';
import { isUniqueViolation } from '../../lib/pg-errors';
import { lockScheduleCapacities } from '../classes';
import {
  holdSessionSeat,
  lockSessionSeatLeft,
  releaseSessionSeat,
  sessionsWithSeatsLeft,
} from '../enrollments';
import type { DropInSession, PassesContext } from './passes.context';
import {
  cancelDropInRow,
  changeVisitsLeft,
  type DropInRow,
  hasLiveDropIn,
  insertDropIn,
  lockDropIn,
  lockPurchase,
  type PurchaseRow,
  purchaseById,
} from './passes.repository';
import { purchaseState, sessionNames } from './passes.service';

// Drop-ins (docs/product.md#class-passes-and-drop-ins,
// docs/decisions/076-class-passes-and-drop-ins.md): a family spends one visit of a pass on a seat
// in one class of a programme the pass accepts. The purchase row is locked first (visits never go
// below zero), then the schedule, under the same lock and count orders, waitlist offers and
// make-ups take seats under; the seat is a session seat held until the class ends.

const unprocessable = (field: string, detail: string) => new ValidationError([{ field, detail }]);
const conflict = (detail: string) => new AppError('conflict', detail);
/** Classes offered for one pass at most: the list stays a short choice. */
const OPTIONS_LIMIT = 50;
const SCAN_LIMIT = 300;

/** The key of a drop-in's session seat (docs/glossary.md#session-seat). */
const seatKey = (dropInId: number) => `dropin:${dropInId}`;

/** The purchase, if it is the family's (another family's is a 404: no leak of what exists). */
function ownPurchase(purchase: PurchaseRow | undefined, viewer: Viewer): PurchaseRow {
  if (!purchase || purchase.userId !== viewer.id) throw notFound('Pass');
  return purchase;
}

/** A purchase that can book now: not revoked, not expired, a visit left. */
function usable(purchase: PurchaseRow, now: Date): void {
  const state = purchaseState(purchase, now);
  if (state === 'revoked') throw unprocessable('pass_purchase_id', PASS_MESSAGES.revoked);
  if (state === 'expired') throw unprocessable('pass_purchase_id', PASS_MESSAGES.expired);
  if (state === 'used_up') throw unprocessable('pass_purchase_id', PASS_MESSAGES.usedUp);
}

function dropInDocument(
  row: DropInRow,
  session: DropInSession,
  childName: string,
  language: Language,
): DropInDocument {
  return {
    data: {
      id: String(row.id),
      pass_purchase_id: String(row.passPurchaseId),
      klass_id: String(row.klassId),
      attendee_profile_id: String(row.attendeeProfileId),
      child_name: childName,
      starts_at: session.startsAt.toISOString(),
      ...sessionNames(session, language),
      time_zone: session.timeZone,
      created_at: row.createdAt.toISOString(),
      cancelled_at: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    },
  };
}

/** POST /api/v2/drop_ins: books a visit for a child of the family with one of its passes. */
export async function bookDropIn(
  ctx: PassesContext,
  viewer: Viewer,
  body: { klass_id: number; attendee_profile_id: number; pass_purchase_id: number },
  language: Language,
): Promise<DropInDocument> {
  const now = ctx.now();
  const session = (await ctx.reads.sessionsByIds(ctx.db, [body.klass_id])).get(body.klass_id);
  if (!session) throw unprocessable('klass_id', PASS_MESSAGES.noClass);
  const child = await ctx.reads.familyOfAttendee(ctx.db, body.attendee_profile_id);
  if (!child || child.userId !== viewer.id) {
    throw unprocessable('attendee_profile_id', PASS_MESSAGES.notYourChild);
  }
  // Before the transaction too: another family's pass is a 404 whatever the class.
  ownPurchase(await purchaseById(ctx.db, body.pass_purchase_id), viewer);
  if (session.status === 'cancelled') throw conflict(PASS_MESSAGES.cancelled);
  if (now.getTime() >= session.startsAt.getTime()) throw conflict(PASS_MESSAGES.started);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const purchase = ownPurchase(await lockPurchase(tx, body.pass_purchase_id), viewer);
      usable(purchase, now);
      if (!purchase.klassGroupIds.includes(session.klassGroupId)) {
        throw unprocessable('klass_id', PASS_MESSAGES.notAccepted);
      }
      if (
        (await ctx.reads.enrolledInSession(tx, body.attendee_profile_id, session)) ||
        (await hasLiveDropIn(tx, session.id, body.attendee_profile_id))
      ) {
        throw conflict(PASS_MESSAGES.alreadyIn);
      }
      if (!(await lockSessionSeatLeft(tx, lockScheduleCapacities, session.scheduleId, now))) {
        throw conflict(PASS_MESSAGES.full);
      }
      await changeVisitsLeft(tx, purchase.id, -1);
      const dropIn = await insertDropIn(tx, {
        passPurchaseId: purchase.id,
        klassId: session.id,
        attendeeProfileId: body.attendee_profile_id,
        bookedById: viewer.userId ?? viewer.id,
      });
      // Orders, the catalogue, the waitlist and make-ups see the seat from this commit on.
      await holdSessionSeat(tx, {
        scheduleId: session.scheduleId,
        userId: viewer.id,
        holderKey: seatKey(dropIn.id),
        until: session.endsAt,
      });
      return dropIn;
    });
    return dropInDocument(row, session, child.name, language);
  } catch (error) {
    // The same child booked into the same class by two requests at once: one wins.
    if (isUniqueViolation(error)) throw conflict(PASS_MESSAGES.alreadyIn);
    throw error;
  }
}

/** DELETE /api/v2/drop_ins/{id}: before the class starts; the visit comes back and the seat frees. */
export async function cancelDropIn(
  ctx: PassesContext,
  viewer: Viewer,
  id: number,
  language: Language,
): Promise<DropInDocument> {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const dropIn = await lockDropIn(tx, id);
    if (!dropIn) throw notFound('Drop-in');
    const purchase = ownPurchaseOr404(await lockPurchase(tx, dropIn.passPurchaseId), viewer);
    if (dropIn.cancelledAt) throw conflict(PASS_MESSAGES.dropInCancelled);
    const session = (await ctx.reads.sessionsByIds(tx, [dropIn.klassId])).get(dropIn.klassId);
    if (!session) throw notFound('Drop-in');
    if (now.getTime() >= session.startsAt.getTime()) throw conflict(PASS_MESSAGES.started);
    // A pass a refund took back gets no visit back: its visits went with the money.
    if (!purchase.revokedAt) await changeVisitsLeft(tx, purchase.id, 1);
    await releaseSessionSeat(tx, seatKey(dropIn.id));
    const row = await cancelDropInRow(tx, dropIn.id, now);
    return { row, session };
  });
  const names = await ctx.reads.childNames(ctx.db, [result.row.attendeeProfileId]);
  const childName = names.get(result.row.attendeeProfileId) ?? '';
  return dropInDocument(result.row, result.session, childName, language);
}

function ownPurchaseOr404(purchase: PurchaseRow | undefined, viewer: Viewer): PurchaseRow {
  if (!purchase || purchase.userId !== viewer.id) throw notFound('Drop-in');
  return purchase;
}

/**
 * Upcoming classes the pass may book: of the programmes it accepts (or of the one asked for, when
 * the pass accepts it), not started, not cancelled, with a free seat. Seats are counted without a
 * lock (a list to choose from); booking checks again under the lock.
 */
export async function dropInOptions(
  ctx: PassesContext,
  viewer: Viewer,
  query: { pass_purchase_id: number; klass_group_id?: number | undefined },
  language: Language,
): Promise<DropInOptionsDocument> {
  const now = ctx.now();
  const purchase = ownPurchase(await purchaseById(ctx.db, query.pass_purchase_id), viewer);
  if (purchaseState(purchase, now) !== 'active') return { data: [] };
  const only = query.klass_group_id;
  const programmes =
    only === undefined
      ? purchase.klassGroupIds
      : purchase.klassGroupIds.filter((id) => id === only);
  if (programmes.length === 0) return { data: [] };
  const candidates = await ctx.reads.upcomingSessionsOf(ctx.db, programmes, now, SCAN_LIMIT);
  const free = await sessionsWithSeatsLeft(ctx.db, candidates, now, OPTIONS_LIMIT);
  const data = free.map((s) => ({
    klass_id: String(s.id),
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    time_zone: s.timeZone,
    ...sessionNames(s, language),
    seats_left: s.seatsLeft,
  }));
  return { data };
}
