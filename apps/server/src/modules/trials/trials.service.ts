import {
  DEFAULT_LANGUAGE,
  type Language,
  TRIAL_MESSAGES,
  type TrialBooking,
  type TrialBookingDocument,
  type TrialBookingListDocument,
  type TrialCartedDocument,
  type TrialOptionsDocument,
} from '@atelier/contract';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import type { Viewer } from '../../lib/http';
import { nameInLanguage } from '../../lib/translated-content';
import { assertAgreementsSignedForBooking } from '../agreements';
import { requireEmergencyContacts } from '../child-care';
import { lockScheduleCapacities } from '../classes';
import {
  holdSessionSeat,
  lockSessionSeatLeft,
  releaseSessionSeat,
  sessionsWithSeatsLeft,
} from '../enrollments';
import { type LedgerEntryOwner, recordEntries } from '../ledger';
import type { FamilyTrialRow, TrialReads, TrialSessionRow, TrialsContext } from './trials.context';
import {
  insertTrial,
  liveTrialOf,
  lockChildTrials,
  lockCreditableTrials,
  lockTrial,
  lockTrialsOfOrder,
  markTrialCredited,
  type TrialRow,
  updateTrial,
} from './trials.repository';

// Trial classes (docs/product.md#trial-classes, docs/decisions/077-trial-classes.md): one class
// of a programme that offers a trial, once per child per programme, on a seat taken under the
// same schedule lock as orders and make-ups; its price is credited when the child enrols in the
// programme within the school's window.

const DAY_MS = 86_400_000;
/** Classes offered for a trial at most: the list stays a short choice. */
const OPTIONS_LIMIT = 30;

const unprocessable = (field: string, detail: string) => new ValidationError([{ field, detail }]);
const conflict = (detail: string) => new AppError('conflict', detail);

/** The key of a trial's session seat (docs/glossary.md#session-seat). */
const seatKey = (trialId: number) => `trial:${trialId}`;

/** A class that may be tried now: of a published programme with a trial, not started or cancelled. */
async function triableSession(
  ctx: TrialsContext,
  db: Db,
  klassId: number,
  now: Date,
): Promise<TrialSessionRow & { trialPrice: number }> {
  const session = await ctx.reads.sessionById(db, klassId);
  if (!session?.published) throw unprocessable('klass_id', 'No such class');
  const { trialPrice } = session;
  if (trialPrice === null) throw unprocessable('klass_id', TRIAL_MESSAGES.noTrial);
  if (session.status === 'cancelled') throw conflict(TRIAL_MESSAGES.cancelled);
  if (now.getTime() >= session.startsAt.getTime()) throw conflict(TRIAL_MESSAGES.started);
  return { ...session, trialPrice };
}

function trialResource(row: FamilyTrialRow): TrialBooking {
  return {
    id: String(row.id),
    klass_id: String(row.klassId),
    klass_group_id: String(row.klassGroupId),
    attendee_profile_id: String(row.attendeeProfileId),
    child_name: row.childName,
    programme: row.programme,
    schedule_name: row.scheduleName,
    starts_at: row.startsAt.toISOString(),
    time_zone: row.timeZone,
    price: row.price,
    status: row.status,
    credit_until: row.creditUntil.toISOString(),
    credited_at: row.creditedAt ? row.creditedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    cancelled_at: row.cancelledAt ? row.cancelledAt.toISOString() : null,
  };
}

async function familyTrial(ctx: TrialsContext, familyId: number, id: number, language: Language) {
  const row = (await ctx.reads.trialsOfFamily(ctx.db, familyId, language)).find((r) => r.id === id);
  if (!row) throw notFound('Trial booking');
  return row;
}

/**
 * Books the child's trial of the class's programme. A free trial takes its seat at once (the
 * schedule locked from the count to the commit, as orders and make-ups do); the teacher is told.
 */
export async function bookTrial(
  ctx: TrialsContext,
  viewer: Viewer,
  body: { klass_id: number; attendee_profile_id: number },
  language: Language,
): Promise<TrialBookingDocument | TrialCartedDocument> {
  const now = ctx.now();
  const session = await triableSession(ctx, ctx.db, body.klass_id, now);
  const child = await ctx.reads.familyOfAttendee(ctx.db, body.attendee_profile_id);
  if (!child || child.userId !== viewer.id) {
    throw unprocessable('attendee_profile_id', TRIAL_MESSAGES.notYourChild);
  }
  if (await ctx.reads.enrolledInProgramme(ctx.db, body.attendee_profile_id, session.klassGroupId)) {
    throw unprocessable('attendee_profile_id', TRIAL_MESSAGES.alreadyEnrolled);
  }
  // A trial is a class like any other: the waivers required before booking and an emergency
  // contact for the child, as checkout asks (docs/product.md#the-childs-card).
  await assertAgreementsSignedForBooking(ctx.db, viewer.id, [body.attendee_profile_id]);
  await requireEmergencyContacts(ctx.db, viewer.id, [body.attendee_profile_id]);
  if (session.trialPrice > 0) {
    // Checked as a free one, then into the family's cart: booked when its order is paid
    // (docs/decisions/077-trial-classes.md). The cart sits above this module: app.ts hands it over.
    if (await liveTrialOf(ctx.db, body.attendee_profile_id, session.klassGroupId)) {
      throw conflict(TRIAL_MESSAGES.alreadyTried);
    }
    const { cartItemId } = await ctx.addToCart(viewer.id, {
      klassId: session.id,
      attendeeProfileId: body.attendee_profile_id,
      klassGroupId: session.klassGroupId,
    });
    return { data: null, meta: { cart_item_id: String(cartItemId) } };
  }
  const row = await ctx.db.transaction(async (tx) => {
    await lockChildTrials(tx, body.attendee_profile_id, session.klassGroupId);
    if (await liveTrialOf(tx, body.attendee_profile_id, session.klassGroupId)) {
      throw conflict(TRIAL_MESSAGES.alreadyTried);
    }
    if (!(await lockSessionSeatLeft(tx, lockScheduleCapacities, session.scheduleId, now))) {
      throw conflict(TRIAL_MESSAGES.full);
    }
    const trial = await insertTrial(tx, {
      klassId: session.id,
      klassGroupId: session.klassGroupId,
      attendeeProfileId: body.attendee_profile_id,
      userId: viewer.id,
      price: 0,
      status: 'booked',
      creditUntil: new Date(session.startsAt.getTime() + ctx.creditDays * DAY_MS),
    });
    await holdSessionSeat(tx, {
      scheduleId: session.scheduleId,
      userId: viewer.id,
      holderKey: seatKey(trial.id),
      until: session.endsAt,
    });
    return trial;
  });
  await tellTeacher(ctx, viewer, session, child.name);
  return { data: trialResource(await familyTrial(ctx, viewer.id, row.id, language)) };
}

/** The teacher's notice of a trial, in the teacher's language. */
function trialNotice(session: TrialSessionRow, childName: string) {
  const language: Language = session.teacherLocale === 'ja' ? 'ja' : 'en';
  const programme = nameInLanguage(session.programme, session.programmeTranslations, language);
  const schedule = nameInLanguage(session.scheduleName, session.scheduleTranslations, language);
  const at = `${session.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return language === 'ja'
    ? {
        title: `体験レッスン: ${childName}`,
        content: `${childName} さんが ${at} の ${programme}（${schedule}）を体験します。`,
      }
    : {
        title: `Trial class: ${childName}`,
        content: `${childName} comes to try ${programme} (${schedule}) on ${at}.`,
      };
}

async function tellTeacher(
  ctx: TrialsContext,
  viewer: Viewer,
  session: TrialSessionRow,
  childName: string,
): Promise<void> {
  await ctx
    .notify({
      recipientId: session.teacherId,
      senderId: viewer.userId ?? viewer.id,
      ...trialNotice(session, childName),
      record: { type: 'klasses', id: session.id },
    })
    .catch((err: unknown) =>
      ctx.log.warn({ err, klassId: session.id }, 'trial notification failed'),
    );
}

/** The family's trial bookings, newest first. */
export async function familyTrials(
  ctx: TrialsContext,
  viewer: Viewer,
  language: Language,
): Promise<TrialBookingListDocument> {
  return {
    data: (await ctx.reads.trialsOfFamily(ctx.db, viewer.id, language)).map(trialResource),
  };
}

/**
 * Cancels a trial before its class starts: the seat frees, the child may try again, and what a
 * paid trial cost becomes the family's account credit (money is never kept without a seat).
 */
export async function cancelTrial(
  ctx: TrialsContext,
  viewer: Viewer,
  id: number,
  language: Language,
): Promise<TrialBookingDocument> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const trial = await lockTrial(tx, id);
    if (!trial || trial.userId !== viewer.id) throw notFound('Trial booking');
    if (trial.status === 'cancelled') throw conflict(TRIAL_MESSAGES.bookingCancelled);
    const session = await ctx.reads.sessionById(tx, trial.klassId);
    if (session && now.getTime() >= session.startsAt.getTime()) {
      throw conflict(TRIAL_MESSAGES.started);
    }
    await updateTrial(tx, trial.id, { status: 'cancelled', cancelledAt: now });
    await releaseSessionSeat(tx, seatKey(trial.id));
    if (trial.status === 'booked' && trial.price > 0) {
      await recordEntries(tx, [
        {
          owner: { userId: trial.userId, guestCustomerId: null },
          kind: 'credit',
          amount: -trial.price,
          currency: ctx.currency,
          description: `Trial class cancelled: ${session?.programme ?? ''}`.trim(),
          orderId: trial.orderId,
          createdById: viewer.userId ?? viewer.id,
          at: now,
        },
      ]);
    }
  });
  return { data: trialResource(await familyTrial(ctx, viewer.id, id, language)) };
}

/**
 * The programme's upcoming classes with a free seat, for choosing a trial. Seats are counted
 * without a lock (a list to choose from); booking checks again under the lock.
 */
export async function trialOptions(
  ctx: TrialsContext,
  klassGroupId: number,
  language: Language,
): Promise<TrialOptionsDocument> {
  const now = ctx.now();
  const programme = await ctx.reads.programmeById(ctx.db, klassGroupId);
  if (!programme?.published) throw notFound('Programme');
  if (programme.trialPrice === null) throw unprocessable('klass_group_id', TRIAL_MESSAGES.noTrial);
  const sessions = await ctx.reads.upcomingSessionsOf(ctx.db, klassGroupId, now, OPTIONS_LIMIT * 4);
  const open = await sessionsWithSeatsLeft(ctx.db, sessions, now, OPTIONS_LIMIT);
  const data = open.map((s) => ({
    klass_id: String(s.id),
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    time_zone: s.timeZone,
    schedule_name: nameInLanguage(s.scheduleName, s.scheduleTranslations, language),
    seats_left: s.seatsLeft,
  }));
  const name = nameInLanguage(programme.name, programme.translations, language);
  return { meta: { price: programme.trialPrice, programme: name }, data };
}

/** What an order that just became paid enrolled: per order item, its programme and children. */
export type PaidEnrollmentFacts = {
  owner: LedgerEntryOwner;
  currency: string;
  items: {
    orderId: number;
    orderItemId: number;
    klassGroupId: number;
    attendeeProfileIds: number[];
  }[];
};

/**
 * Credits the price of each paid trial whose child the order enrolled in the trial's programme
 * within the window, once: called by the orders module in the transaction that makes the order
 * paid, so the credit stands or falls with the enrollment. Answers how many were credited.
 */
export async function creditTrialsOnEnrollment(
  tx: Tx,
  facts: PaidEnrollmentFacts,
  at: Date,
): Promise<number> {
  if (facts.owner.userId === null) return 0;
  const trials = await lockCreditableTrials(
    tx,
    facts.items.flatMap((i) => i.attendeeProfileIds),
    facts.items.map((i) => i.klassGroupId),
    at,
  );
  let credited = 0;
  for (const trial of trials) {
    const item = facts.items.find(
      (i) =>
        i.klassGroupId === trial.klassGroupId &&
        i.attendeeProfileIds.includes(trial.attendeeProfileId),
    );
    if (!item || trial.userId !== facts.owner.userId) continue;
    await markTrialCredited(tx, trial.id, item.orderItemId, at);
    await recordEntries(tx, [
      {
        owner: facts.owner,
        kind: 'credit',
        amount: -trial.price,
        currency: facts.currency,
        description: 'Trial class credited to the enrollment',
        orderId: item.orderId,
        orderItemId: item.orderItemId,
        createdById: facts.owner.userId,
        at,
      },
    ]);
    credited += 1;
  }
  return credited;
}

export type { TrialRow };

// Paid trials through the cart (docs/decisions/077-trial-classes.md): the trials module checks a
// paid trial as it does a free one, the cart (above it) holds it, checkout holds a seat of the
// class's schedule for the order, and the payment books it here.

/** A paid trial's facts as the cart prices it and checkout orders it. */
export type TrialCartFacts = {
  klassId: number;
  klassGroupId: number;
  scheduleId: number;
  programme: string;
  scheduleName: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  attendeeProfileId: number;
  childName: string;
  /** Cents, the programme's trial price now (null: it no longer offers a trial). */
  price: number | null;
  /** Why it cannot be bought now, as the cart says it (decision 028), or null. */
  unavailable: 'unpublished' | 'over' | null;
};

/** What the cart and checkout need of trials: the reads app.ts hands over, and the credit window. */
export type TrialCartDeps = { reads: TrialReads; creditDays: number };

/**
 * The paid trial a cart item names, priced now, named in `language` (checkout asks for the default
 * one: an order's snapshot is written in English); undefined when its class or child is gone.
 */
export async function trialCartFacts(
  deps: TrialCartDeps,
  db: Db,
  klassId: number,
  attendeeProfileId: number,
  at: Date,
  language: Language = DEFAULT_LANGUAGE,
): Promise<TrialCartFacts | undefined> {
  const session = await deps.reads.sessionById(db, klassId);
  const child = await deps.reads.familyOfAttendee(db, attendeeProfileId);
  if (!session || !child) return undefined;
  const unavailable =
    !session.published || session.trialPrice === null
      ? 'unpublished'
      : session.status === 'cancelled' || at.getTime() >= session.startsAt.getTime()
        ? 'over'
        : null;
  return {
    klassId: session.id,
    klassGroupId: session.klassGroupId,
    scheduleId: session.scheduleId,
    programme: nameInLanguage(session.programme, session.programmeTranslations, language),
    scheduleName: nameInLanguage(session.scheduleName, session.scheduleTranslations, language),
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    timeZone: session.timeZone,
    attendeeProfileId,
    childName: child.name,
    price: session.trialPrice,
    unavailable,
  };
}

/** Until when enrolling in the programme credits a trial of this class (its start + the window). */
export const trialCreditUntil = (deps: TrialCartDeps, startsAt: Date): Date =>
  new Date(startsAt.getTime() + deps.creditDays * DAY_MS);

/**
 * Checkout's second look at paid trials (a 422 naming the item): the child is not enrolled in the
 * programme meanwhile and has no live trial of it. Unlocked: the payment checks again under the
 * child's lock and credits the price if one was booked in between.
 */
export async function trialCheckoutErrors(
  deps: TrialCartDeps,
  db: Db,
  items: { cartItemId: number; klassGroupId: number; attendeeProfileId: number }[],
): Promise<{ field: string; detail: string }[]> {
  const errors = [];
  for (const item of items) {
    const field = `cart_items.${item.cartItemId}.attendee_profile_id`;
    if (await deps.reads.enrolledInProgramme(db, item.attendeeProfileId, item.klassGroupId)) {
      errors.push({ field, detail: TRIAL_MESSAGES.alreadyEnrolled });
    } else if (await liveTrialOf(db, item.attendeeProfileId, item.klassGroupId)) {
      errors.push({ field, detail: TRIAL_MESSAGES.alreadyTried });
    }
  }
  return errors;
}

/** A paid trial an order bought, as the payment books it. */
export type PaidTrialItem = {
  orderItemId: number;
  klassId: number;
  klassGroupId: number;
  scheduleId: number;
  attendeeProfileId: number;
  price: number;
  endsAt: Date;
  creditUntil: Date;
  programme: string;
};

/**
 * Books the paid trials of an order that has just become paid, in its transaction: each a
 * `booked` trial with its price and order, on a session seat until its class ends. `seatHeld`:
 * the order still held its seats (they were just released to become these); otherwise a seat is
 * taken again under the schedule lock. A child who got a trial of the programme meanwhile, or a
 * class full by then, gets the price as account credit: money is never kept without a seat.
 * Answers the order items credited instead of booked.
 */
export async function bookPaidTrials(
  tx: Tx,
  order: { id: number; userId: number; currency: string },
  items: PaidTrialItem[],
  seatHeld: boolean,
  at: Date,
): Promise<number[]> {
  const credited: number[] = [];
  for (const item of items) {
    await lockChildTrials(tx, item.attendeeProfileId, item.klassGroupId);
    const taken = await liveTrialOf(tx, item.attendeeProfileId, item.klassGroupId);
    const seat =
      !taken &&
      (seatHeld || (await lockSessionSeatLeft(tx, lockScheduleCapacities, item.scheduleId, at)));
    if (taken || !seat) {
      await recordEntries(tx, [
        {
          owner: { userId: order.userId, guestCustomerId: null },
          kind: 'credit',
          amount: -item.price,
          currency: order.currency,
          description: `Trial class not booked, credited: ${item.programme}`,
          orderId: order.id,
          orderItemId: item.orderItemId,
          createdById: order.userId,
          at,
        },
      ]);
      credited.push(item.orderItemId);
      continue;
    }
    const trial = await insertTrial(tx, {
      klassId: item.klassId,
      klassGroupId: item.klassGroupId,
      attendeeProfileId: item.attendeeProfileId,
      userId: order.userId,
      price: item.price,
      status: 'booked',
      orderId: order.id,
      creditUntil: item.creditUntil,
    });
    await holdSessionSeat(tx, {
      scheduleId: item.scheduleId,
      userId: order.userId,
      holderKey: seatKey(trial.id),
      until: item.endsAt,
    });
  }
  return credited;
}

/**
 * A full refund of an order takes its paid trials back: cancelled, their seats freed (the money
 * goes back by the refund, so no credit is written). Answers the classes whose trials went.
 */
export async function cancelTrialsOfOrder(tx: Db, orderId: number, at: Date): Promise<number[]> {
  const cancelled: number[] = [];
  for (const trial of await lockTrialsOfOrder(tx, orderId)) {
    if (trial.status === 'cancelled') continue;
    await updateTrial(tx, trial.id, { status: 'cancelled', cancelledAt: at });
    await releaseSessionSeat(tx, seatKey(trial.id));
    cancelled.push(trial.klassId);
  }
  return cancelled;
}
