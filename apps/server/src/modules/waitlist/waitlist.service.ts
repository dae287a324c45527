import {
  DEFAULT_LANGUAGE,
  type Language,
  WAITLIST_MESSAGES,
  WAITLIST_OFFER_HOURS,
  type WaitlistEntryDocument,
  type WaitlistEntryListDocument,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import type { Viewer } from '../../lib/http';
import { inLanguage } from '../../lib/translated-content';
import type { Mailer } from '../../mail/mailer';
import { lockScheduleCapacities, type ScheduleFacts, scheduleFactsByIds } from '../classes';
import { holdSeatsForOffer, lockSeatsLeft, releaseSeatsOfOffers } from '../enrollments';
import type { NotifyInput } from '../notifications';
import { peopleByIds } from '../users';
import {
  activeEntriesOfSchedule,
  activeEntriesOfUser,
  activeEntryIdsOfSchedule,
  activeEntryOf,
  activeEntryView,
  dueOffersOfSchedule,
  type EntryRowWithOffer,
  entryById,
  entryIdsOfOffers,
  insertEntryAtBack,
  insertOffer,
  offerById,
  openOffersOfEntry,
  reorderEntries,
  schedulesToSweep,
  schedulesWithWaiting,
  setEntryStatus,
  setOfferStatus,
  waitingEntriesOfSchedule,
} from './waitlist.repository';

// The waitlist (docs/product.md#waitlist, decision 035). Every change to who holds a schedule's
// seats runs under that schedule's row lock (the one checkout takes, by id), so a freed seat is
// offered once, to one family, however many processes offer at the same time.

export type WaitlistContext = {
  db: Db;
  mailer: Mailer;
  /** Tells the family (a stored notification pushed to their sockets); after the commit. */
  notify: (input: NotifyInput) => Promise<unknown>;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
};

const OFFER_MS = WAITLIST_OFFER_HOURS * 3_600_000;

/** One offer made, for telling the family after the commit. */
export type OfferMade = { offerId: number; userId: number; scheduleId: number; seats: number };

const NAME = ['name'] as const;

/** The schedule and its programme, from the classes module (waitlist sits above it). */
async function scheduleFacts(db: Db, scheduleId: number): Promise<ScheduleFacts | undefined> {
  return (await scheduleFactsByIds(db, [scheduleId])).get(scheduleId);
}

/** Who an offer's mail and notification go to, from the users module. */
async function familyOf(db: Db, userId: number) {
  return (await peopleByIds(db, [userId])).get(userId);
}

/** An entry as the lists show it: its schedule, programme, open offer and family. */
type EntryView = EntryRowWithOffer & {
  schedule: { id: number; name: string };
  klassGroup: { id: number; name: string; slug: string };
  family: { id: number; name: string; email: string };
};

/**
 * Entries with their schedule's and family's names, the school's in `language`: one query each
 * for the whole list, in the list's order. An entry whose schedule or family is gone is left out, as it always was.
 */
async function withNames(
  db: Db,
  entries: EntryRowWithOffer[],
  language: Language = DEFAULT_LANGUAGE,
): Promise<EntryView[]> {
  if (entries.length === 0) return [];
  const [schedules, people] = await Promise.all([
    scheduleFactsByIds(
      db,
      entries.map((e) => e.scheduleId),
    ),
    peopleByIds(
      db,
      entries.map((e) => e.userId),
    ),
  ]);
  return entries.flatMap((entry) => {
    const schedule = schedules.get(entry.scheduleId);
    const person = people.get(entry.userId);
    if (!schedule || !person) return [];
    const { klassGroup } = schedule;
    return [
      {
        ...entry,
        schedule: { id: schedule.id, name: inLanguage(schedule, language, NAME).name },
        klassGroup: {
          id: klassGroup.id,
          name: inLanguage(klassGroup, language, NAME).name,
          slug: klassGroup.slug,
        },
        family: { id: person.id, name: person.name, email: person.email },
      },
    ];
  });
}

function entryResource(entry: EntryView, withFamily: boolean) {
  return {
    id: String(entry.id),
    type: 'waitlist_entries' as const,
    attributes: {
      status: entry.status,
      seats: entry.seats,
      place: entry.place,
      created_at: entry.createdAt.toISOString(),
      klass_group_schedule: { id: String(entry.schedule.id), name: entry.schedule.name },
      klass_group: {
        id: String(entry.klassGroup.id),
        name: entry.klassGroup.name,
        slug: entry.klassGroup.slug,
      },
      offer: entry.offer
        ? {
            id: String(entry.offer.id),
            seats: entry.offer.seats,
            expires_at: entry.offer.expiresAt.toISOString(),
          }
        : null,
      family: withFamily
        ? { id: String(entry.family.id), name: entry.family.name, email: entry.family.email }
        : null,
    },
  };
}

/**
 * Open offers of one schedule past their end become expired: their holds go, and their entries
 * leave the line (an unused offer passes on; the family may join again at the back). Under the
 * schedule lock.
 */
async function expireDueOffers(tx: Db, scheduleId: number, at: Date): Promise<void> {
  const due = await dueOffersOfSchedule(tx, scheduleId, at);
  if (due.length === 0) return;
  const ids = due.map((o) => o.id);
  await setOfferStatus(tx, ids, 'expired');
  await releaseSeatsOfOffers(tx, ids);
  await setEntryStatus(
    tx,
    due.map((o) => o.entryId),
    'left',
    at,
  );
}

/**
 * Offers the free seats of one schedule, in one transaction under its lock: free seats =
 * capacity − holds − enrollments; waiting entries in line order, each offered when its seats fit
 * in what is still free (a family that does not fit is passed over, keeping its place). Each
 * offer holds its seats for WAITLIST_OFFER_HOURS and its mail is queued in the same transaction.
 */
async function offerFreedSeatsOfSchedule(
  ctx: WaitlistContext,
  scheduleId: number,
): Promise<OfferMade[]> {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const left = (await lockSeatsLeft(tx, lockScheduleCapacities, [scheduleId], at)).get(
      scheduleId,
    );
    if (left === undefined) return [];
    await expireDueOffers(tx, scheduleId, at);
    // Offers that just expired freed their seats: count again under the same lock.
    let free =
      (await lockSeatsLeft(tx, lockScheduleCapacities, [scheduleId], at)).get(scheduleId) ?? 0;
    if (free <= 0) return [];
    const facts = await scheduleFacts(tx, scheduleId);
    const made: OfferMade[] = [];
    for (const entry of await waitingEntriesOfSchedule(tx, scheduleId)) {
      if (free <= 0) break;
      if (entry.seats > free) continue;
      const expiresAt = new Date(at.getTime() + OFFER_MS);
      const offer = await insertOffer(tx, {
        entryId: entry.id,
        scheduleId,
        seats: entry.seats,
        expiresAt,
        at,
      });
      await holdSeatsForOffer(tx, {
        scheduleId,
        userId: entry.userId,
        offerId: offer.id,
        seats: entry.seats,
        expiresAt,
      });
      await setEntryStatus(tx, [entry.id], 'offered', at);
      free -= entry.seats;
      made.push({ offerId: offer.id, userId: entry.userId, scheduleId, seats: entry.seats });
      if (facts) await queueOfferMail(ctx, tx, entry.userId, facts, entry.seats, expiresAt);
    }
    return made;
  });
}

async function queueOfferMail(
  ctx: WaitlistContext,
  tx: Db,
  userId: number,
  facts: ScheduleFacts,
  seats: number,
  expiresAt: Date,
) {
  const family = await familyOf(tx, userId);
  if (!family) return;
  const locale = family.locale ?? 'en';
  await ctx.mailer.queue(tx, {
    to: family.email,
    locale,
    template: 'waitlist_offer',
    params: {
      name: family.name,
      programme: inLanguage(facts.klassGroup, locale, NAME).name,
      schedule: inLanguage(facts, locale, NAME).name,
      slug: facts.klassGroup.slug,
      seats,
      expiresAt: expiresAt.toISOString(),
      timeZone: facts.timeZone,
    },
  });
}

async function tellFamilies(ctx: WaitlistContext, made: OfferMade[]) {
  if (made.length === 0) return;
  ctx.mailer.wake();
  for (const offer of made) {
    try {
      const family = await familyOf(ctx.db, offer.userId);
      const facts = await scheduleFacts(ctx.db, offer.scheduleId);
      const ja = family?.locale === 'ja';
      const programme = facts
        ? inLanguage(facts.klassGroup, family?.locale ?? 'en', NAME).name
        : '';
      await ctx.notify({
        recipientId: offer.userId,
        title: ja ? `${programme} に空きが出ました` : `A place is free in ${programme}`,
        content: ja
          ? `${offer.seats}席を${WAITLIST_OFFER_HOURS}時間確保しています。注文ページの「キャンセル待ち」から「今すぐ予約」でお申し込みください。`
          : `We are holding ${offer.seats === 1 ? 'a seat' : `${offer.seats} seats`} for you for ${WAITLIST_OFFER_HOURS} hours. Book with “Book now” under Your waitlist on your orders page.`,
        record: { type: 'waitlist_offers', id: offer.offerId },
      });
    } catch (err) {
      // The offer and its mail are committed: a lost notification must not undo either.
      ctx.log.warn({ err, offerId: offer.offerId }, 'waitlist offer made but not notified');
    }
  }
}

/**
 * Offers the freed seats of these schedules to their waitlists (docs/product.md#waitlist): one
 * transaction per schedule, in id order, then mail and notifications. Safe to call from any
 * number of callers and processes at once: the schedule lock makes them queue.
 */
export async function offerFreedSeats(
  ctx: WaitlistContext,
  scheduleIds: number[],
): Promise<OfferMade[]> {
  const made: OfferMade[] = [];
  for (const id of [...new Set(scheduleIds)].sort((a, b) => a - b)) {
    made.push(...(await offerFreedSeatsOfSchedule(ctx, id)));
  }
  await tellFamilies(ctx, made);
  return made;
}

/** The periodic sweep: expires due offers and offers what is free wherever someone waits. */
export async function sweepWaitlists(ctx: WaitlistContext): Promise<OfferMade[]> {
  return offerFreedSeats(ctx, await schedulesToSweep(ctx.db, ctx.now()));
}

async function documentOfEntry(
  ctx: WaitlistContext,
  id: number,
  withFamily: boolean,
  language: Language,
): Promise<WaitlistEntryDocument> {
  const entry = await activeEntryView(ctx.db, id);
  const [view] = entry ? await withNames(ctx.db, [entry], language) : [];
  if (!view) throw notFound('Waitlist entry');
  return { data: entryResource(view, withFamily) };
}

/**
 * POST …/klass_group_schedules/{id}/waitlist: the family joins the back of a full schedule's line.
 * Only when fewer seats are left than it asks (409 otherwise: book instead), once (409).
 */
export async function joinWaitlist(
  ctx: WaitlistContext,
  userId: number,
  scheduleId: number,
  seats: number,
  language: Language,
): Promise<WaitlistEntryDocument> {
  const facts = await scheduleFacts(ctx.db, scheduleId);
  if (!facts?.klassGroup.published) throw notFound('Schedule');
  if (seats > facts.capacity) {
    throw new ValidationError([{ field: 'seats', detail: WAITLIST_MESSAGES.moreThanCapacity }]);
  }
  const at = ctx.now();
  const entryId = await ctx.db.transaction(async (tx) => {
    const left =
      (await lockSeatsLeft(tx, lockScheduleCapacities, [scheduleId], at)).get(scheduleId) ?? 0;
    if (left >= seats) throw new AppError('conflict', WAITLIST_MESSAGES.seatsAvailable);
    if (await activeEntryOf(tx, scheduleId, userId)) {
      throw new AppError('conflict', WAITLIST_MESSAGES.alreadyWaiting);
    }
    const entry = await insertEntryAtBack(tx, { scheduleId, userId, seats, at });
    if (!entry) throw new AppError('conflict', WAITLIST_MESSAGES.alreadyWaiting);
    return entry.id;
  });
  return documentOfEntry(ctx, entryId, false, language);
}

/** GET /api/v2/waitlist: the family's active entries, each with its place and open offer. */
export async function myWaitlist(
  ctx: WaitlistContext,
  userId: number,
  language: Language,
): Promise<WaitlistEntryListDocument> {
  const rows = await withNames(ctx.db, await activeEntriesOfUser(ctx.db, userId), language);
  return { data: rows.map((r) => entryResource(r, false)) };
}

/** Admins, and the schedule's teacher. */
async function staffSchedule(
  ctx: WaitlistContext,
  viewer: Viewer,
  scheduleId: number,
): Promise<ScheduleFacts> {
  const facts = await scheduleFacts(ctx.db, scheduleId);
  if (!facts) throw notFound('Schedule');
  if (viewer.role !== 'admin' && facts.teacherId !== viewer.id) {
    throw forbidden('Only an admin or the teacher of this schedule can see its waitlist.');
  }
  return facts;
}

/** GET …/klass_group_schedules/{id}/waitlist (staff): the line, in order, with each family. */
export async function scheduleWaitlist(
  ctx: WaitlistContext,
  viewer: Viewer,
  scheduleId: number,
): Promise<WaitlistEntryListDocument> {
  await staffSchedule(ctx, viewer, scheduleId);
  const rows = await withNames(ctx.db, await activeEntriesOfSchedule(ctx.db, scheduleId));
  return { data: rows.map((r) => entryResource(r, true)) };
}

/**
 * PUT …/klass_group_schedules/{id}/waitlist (staff): the line in the order given, which must name
 * every active entry once (422 otherwise). Offers already made stay; the next seats freed follow
 * the new order.
 */
export async function reorderWaitlist(
  ctx: WaitlistContext,
  viewer: Viewer,
  scheduleId: number,
  entryIds: number[],
): Promise<WaitlistEntryListDocument> {
  await staffSchedule(ctx, viewer, scheduleId);
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await lockSeatsLeft(tx, lockScheduleCapacities, [scheduleId], at);
    const active = new Set(await activeEntryIdsOfSchedule(tx, scheduleId));
    const named = new Set(entryIds);
    if (
      named.size !== entryIds.length ||
      named.size !== active.size ||
      entryIds.some((id) => !active.has(id))
    ) {
      throw new ValidationError([
        { field: 'entry_ids', detail: WAITLIST_MESSAGES.reorderMismatch },
      ]);
    }
    await reorderEntries(tx, scheduleId, entryIds, at);
  });
  return scheduleWaitlist(ctx, viewer, scheduleId);
}

/**
 * Ends an entry (and its open offer, whose seats pass on at once): `left` by its family, `removed`
 * by staff.
 */
async function endEntry(
  ctx: WaitlistContext,
  entryId: number,
  scheduleId: number,
  status: 'left' | 'removed',
  offerStatus: 'declined' | 'expired',
): Promise<void> {
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await lockSeatsLeft(tx, lockScheduleCapacities, [scheduleId], at);
    const entry = await entryById(tx, entryId);
    if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered')) {
      throw notFound('Waitlist entry');
    }
    const offers = (await openOffersOfEntry(tx, entryId)).map((o) => o.id);
    await setOfferStatus(tx, offers, offerStatus);
    await releaseSeatsOfOffers(tx, offers);
    await setEntryStatus(tx, [entryId], status, at);
  });
  await offerFreedSeats(ctx, [scheduleId]);
}

/**
 * DELETE /api/v2/waitlist_entries/{id}: the family leaves the line; staff (admins, the schedule's
 * teacher) remove anyone's entry. Anyone else's entry is a 404.
 */
export async function deleteEntry(
  ctx: WaitlistContext,
  viewer: Viewer,
  entryId: number,
): Promise<void> {
  const entry = await entryById(ctx.db, entryId);
  if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered')) {
    throw notFound('Waitlist entry');
  }
  if (entry.userId === viewer.id) {
    await endEntry(ctx, entryId, entry.scheduleId, 'left', 'declined');
    return;
  }
  const facts = await scheduleFacts(ctx.db, entry.scheduleId);
  const staff = viewer.role === 'admin' || (facts && facts.teacherId === viewer.id);
  if (!staff) throw notFound('Waitlist entry');
  await endEntry(ctx, entryId, entry.scheduleId, 'removed', 'expired');
}

/**
 * POST /api/v2/waitlist_offers/{id}/decline: the family turns an open offer down; it leaves the
 * line and the seats pass on at once. Not theirs: 404; no longer open: 409.
 */
export async function declineOffer(
  ctx: WaitlistContext,
  userId: number,
  offerId: number,
): Promise<void> {
  const offer = await offerById(ctx.db, offerId);
  const entry = offer ? await entryById(ctx.db, offer.entryId) : undefined;
  if (!offer || !entry || entry.userId !== userId) throw notFound('Offer');
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await lockSeatsLeft(tx, lockScheduleCapacities, [offer.scheduleId], at);
    const current = await offerById(tx, offerId);
    if (current?.status !== 'open' || current.expiresAt <= at) {
      throw new AppError('conflict', WAITLIST_MESSAGES.offerNotOpen);
    }
    await setOfferStatus(tx, [offerId], 'declined');
    await releaseSeatsOfOffers(tx, [offerId]);
    await setEntryStatus(tx, [entry.id], 'left', at);
  });
  await offerFreedSeats(ctx, [offer.scheduleId]);
}

/**
 * Seats of these schedules were just freed (an order cancelled or expired, capacity raised):
 * offer them to their waitlists now. Call after the freeing transaction commits. It never throws:
 * the freeing itself succeeded, and the sweep offers anything left over.
 */
export async function seatsFreed(ctx: WaitlistContext, scheduleIds: number[]): Promise<void> {
  if (scheduleIds.length === 0) return;
  try {
    // Most schedules have nobody waiting: one read, no lock.
    const waited = await schedulesWithWaiting(ctx.db, scheduleIds);
    if (waited.length > 0) await offerFreedSeats(ctx, waited);
  } catch (err) {
    ctx.log.warn({ err, scheduleIds }, 'offering freed seats failed; the sweep will retry');
  }
}

/**
 * The orders module took these offers' seats for an order (in its transaction, under the schedule
 * lock): the offers are accepted and their entries booked.
 */
export async function acceptOffers(db: Db, offerIds: number[], at: Date): Promise<void> {
  if (offerIds.length === 0) return;
  const entryIds = await entryIdsOfOffers(db, offerIds);
  await setOfferStatus(db, offerIds, 'accepted');
  await setEntryStatus(db, entryIds, 'booked', at);
}
