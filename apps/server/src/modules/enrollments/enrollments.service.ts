import type { Db } from '../../db/client';
import { attendeesByIds, attendeesOfAccount } from '../users';
import {
  activeEnrollmentsOfAttendees,
  activelyEnrolledAttendees,
  countEnrollmentsOfAttendee,
  deleteSeatHoldsOfOrder,
  deleteSeatHoldsOfOrders,
  enrollmentRowsOfSchedule,
  insertEnrollments,
  insertSeatHolds,
  type RosterRow,
  seatCountRows,
} from './enrollments.repository';
import {
  consumeOfferHolds,
  deleteHoldsOfOffers,
  insertOfferHold,
  type OfferHoldRow,
  openOfferHoldsOfUser,
} from './offer-holds.repository';
import { deleteSessionSeat, insertSessionSeat } from './session-seats.repository';

export type { RosterRow };

/**
 * Locks the schedules' rows (ordered by id, so two orders naming the same schedules queue instead
 * of deadlocking) until the transaction ends and answers their capacities; a schedule that no
 * longer exists is absent. Capacity lives on the schedule, which the classes module owns above
 * this one, so the caller passes its lock in (docs/decisions/055-money-flows-one-way-and-plugins-say-what-they-need.md).
 */
export type CapacityLock = (db: Db, scheduleIds: number[]) => Promise<Map<number, number>>;

/** What holding an order's seats came to: the first schedule short of seats, or null when all fit. */
export type OrderSeatHold = {
  shortOf: number | null;
  /** The account's own waitlist offers whose seats the order took: the waitlist accepts them. */
  offersTaken: number[];
};

/** How a schedule's seats are taken right now. */
export type SeatCounts = {
  /** Seats of unexpired holds: pending orders, open waitlist offers and session seats. */
  held: number;
  /** Active enrollments: each takes one seat. */
  enrolled: number;
  /** Enrollments ever, cancelled ones included: a schedule with any is history, not deletable. */
  enrollmentsTotal: number;
};

const NONE: SeatCounts = { held: 0, enrolled: 0, enrollmentsTotal: 0 };

/** Seat counts of many schedules in one query; schedules with nothing taken get zeros. */
export async function seatCountsBySchedule(
  db: Db,
  scheduleIds: number[],
  now: Date,
): Promise<Map<number, SeatCounts>> {
  const out = new Map<number, SeatCounts>(scheduleIds.map((id) => [id, { ...NONE }]));
  for (const row of await seatCountRows(db, scheduleIds, now)) {
    const counts = out.get(row.scheduleId);
    if (!counts) continue;
    counts.held += row.held;
    counts.enrolled += row.enrolledActive;
    counts.enrollmentsTotal += row.enrollmentsTotal;
  }
  return out;
}

/** Seats left: capacity − active holds − active enrollments, never below 0. */
export function seatsLeft(capacity: number, counts: SeatCounts | undefined): number {
  const taken = (counts?.held ?? 0) + (counts?.enrolled ?? 0);
  return Math.max(0, capacity - taken);
}

/**
 * The roster of one schedule: active first, then cancelled; each by attendee name, then
 * enrollment id. The attendees are the users module's (one query for the roster); their order
 * by name comes from the database, so names sort by its collation as they did in one join.
 */
export async function rosterOfSchedule(db: Db, scheduleId: number): Promise<RosterRow[]> {
  const rows = await enrollmentRowsOfSchedule(db, scheduleId);
  const attendees = await attendeesByIds(
    db,
    rows.map((row) => row.attendeeProfileId),
  );
  const nameRank = ranksByName(attendees);
  const statusRank = new Map<string, number>();
  for (const row of rows)
    if (!statusRank.has(row.status)) statusRank.set(row.status, statusRank.size);
  const byId = new Map(attendees.map((a) => [a.id, a]));
  const roster: (RosterRow & { rank: [number, number] })[] = [];
  for (const row of rows) {
    const attendee = byId.get(row.attendeeProfileId);
    if (!attendee) continue; // gone since the first read: as the join would have left it out
    roster.push({
      id: row.id,
      scheduleId: row.scheduleId,
      status: row.status,
      createdAt: row.createdAt,
      attendee: { id: attendee.id, name: attendee.name, birthday: attendee.birthday },
      rank: [statusRank.get(row.status) ?? 0, nameRank.get(attendee.id) ?? 0],
    });
  }
  // Stable: rows with the same status and name keep the enrollment id order they came in.
  roster.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1]);
  return roster.map(({ rank: _rank, ...row }) => row);
}

/** Attendee id → rank of its name in a list ordered by name: equal names share a rank. */
function ranksByName(ordered: { id: number; name: string }[]): Map<number, number> {
  const ranks = new Map<number, number>();
  let rank = -1;
  let previous: string | undefined;
  for (const attendee of ordered) {
    if (attendee.name !== previous) rank += 1;
    previous = attendee.name;
    ranks.set(attendee.id, rank);
  }
  return ranks;
}

/** Schedule id → names of the account's attendees actively enrolled in it. */
export async function enrolledAttendeesOfAccount(
  db: Db,
  userId: number,
): Promise<Map<number, string[]>> {
  // The account's attendees come from the users module, ordered by name: their names keep
  // that order in each schedule's list.
  const attendees = await attendeesOfAccount(db, userId);
  const enrolled = await activeEnrollmentsOfAttendees(
    db,
    attendees.map((a) => a.id),
  );
  const out = new Map<number, string[]>();
  for (const attendee of attendees) {
    for (const row of enrolled) {
      if (row.attendeeProfileId !== attendee.id) continue;
      const names = out.get(row.scheduleId) ?? [];
      names.push(attendee.name);
      out.set(row.scheduleId, names);
    }
  }
  return out;
}

/** The (attendee, schedule) pairs of these attendees' active enrollments: one query. */
export function activeEnrollmentsAmong(
  db: Db,
  attendeeProfileIds: number[],
): Promise<{ scheduleId: number; attendeeProfileId: number }[]> {
  return activeEnrollmentsOfAttendees(db, attendeeProfileIds);
}

/**
 * Enrollments (cancelled ones too) of one attendee profile. While above 0 the profile is history:
 * the database refuses to delete it (foreign key), so the family module should refuse first, with
 * a message, instead of failing.
 */
export function enrollmentCountOfAttendee(db: Db, attendeeProfileId: number): Promise<number> {
  return countEnrollmentsOfAttendee(db, attendeeProfileId);
}

// Seats of orders (docs/architecture.md#orders-and-payments, decision 026). Every function taking
// seats runs in the order's transaction: it locks the schedule rows, counts held + enrolled under
// that lock, and writes before the lock is released at commit, so no schedule is ever oversold.

/** Seats one order item takes of one schedule. */
export type SeatRequest = { scheduleId: number; seats: number };

/**
 * The schedule that has fewer seats left than asked (or that no longer exists), or null when all
 * fit. With `userId`, the seats that account's open waitlist offers hold count as left for it
 * (docs/product.md#waitlist); those offers are answered, read under the lock.
 */
async function firstShortSchedule(
  db: Db,
  lockCapacities: CapacityLock,
  requests: SeatRequest[],
  at: Date,
  userId: number | null = null,
): Promise<{ shortOf: number | null; offers: OfferHoldRow[] }> {
  const wanted = new Map<number, number>();
  for (const r of requests) wanted.set(r.scheduleId, (wanted.get(r.scheduleId) ?? 0) + r.seats);
  const ids = [...wanted.keys()];
  const capacities = await lockCapacities(db, ids);
  const counts = await seatCountsBySchedule(db, ids, at);
  const offers = userId === null ? [] : await openOfferHoldsOfUser(db, userId, ids, at);
  const offered = new Map<number, number>();
  for (const o of offers) offered.set(o.scheduleId, (offered.get(o.scheduleId) ?? 0) + o.seats);
  for (const r of requests) {
    const capacity = capacities.get(r.scheduleId);
    if (capacity === undefined) return { shortOf: r.scheduleId, offers };
    const left = seatsLeft(capacity, counts.get(r.scheduleId)) + (offered.get(r.scheduleId) ?? 0);
    if (left < (wanted.get(r.scheduleId) ?? 0)) return { shortOf: r.scheduleId, offers };
  }
  return { shortOf: null, offers };
}

/**
 * Holds seats for a pending order until `expiresAt`, all or none: answers the first schedule short
 * of seats (nothing is written), or no short schedule once every request is held.
 */
export async function holdSeatsForOrder(
  db: Db,
  lockCapacities: CapacityLock,
  order: { id: number; userId: number | null; expiresAt: Date },
  requests: SeatRequest[],
  at: Date,
): Promise<OrderSeatHold> {
  const { shortOf, offers } = await firstShortSchedule(
    db,
    lockCapacities,
    requests,
    at,
    order.userId,
  );
  if (shortOf !== null) return { shortOf, offersTaken: [] };
  // The account's own waitlist offers give their seats to this order: accepted with it.
  await consumeOfferHolds(db, offers);
  await insertSeatHolds(
    db,
    requests.map((r) => ({
      scheduleId: r.scheduleId,
      userId: order.userId,
      orderId: order.id,
      seats: r.seats,
      expiresAt: order.expiresAt,
    })),
  );
  return { shortOf: null, offersTaken: offers.map((o) => o.offerId) };
}

/** Frees the seats an order holds (cancelled, expired, or paid and enrolled). */
export function releaseSeatsOfOrder(db: Db, orderId: number): Promise<void> {
  return deleteSeatHoldsOfOrder(db, orderId);
}

export function releaseSeatsOfOrders(db: Db, orderIds: number[]): Promise<void> {
  return deleteSeatHoldsOfOrders(db, orderIds);
}

/** One attendee an order item enrolls. */
export type OrderEnrollment = {
  orderItemId: number;
  scheduleId: number;
  attendeeProfileId: number;
  /** When the order was placed: the enrollment covers the sessions from then on. */
  enrolledFrom: Date;
};

/** A paid order whose holds are still valid: the holds become enrollments in one step. */
export async function enrollHeldOrder(
  db: Db,
  orderId: number,
  enrollmentsToMake: OrderEnrollment[],
): Promise<void> {
  await deleteSeatHoldsOfOrder(db, orderId);
  await insertEnrollments(db, enrollmentsToMake);
}

/**
 * A paid order that no longer holds its seats (it expired or was cancelled before the payment
 * came in): takes the seats again under the schedule locks when they fit and enrolls; false when
 * they no longer fit (nothing is written).
 */
export async function enrollIfSeatsFit(
  db: Db,
  lockCapacities: CapacityLock,
  orderId: number,
  enrollmentsToMake: OrderEnrollment[],
  at: Date,
): Promise<boolean> {
  await deleteSeatHoldsOfOrder(db, orderId);
  const requests = enrollmentsToMake.map((e) => ({ scheduleId: e.scheduleId, seats: 1 }));
  if ((await firstShortSchedule(db, lockCapacities, requests, at)).shortOf !== null) return false;
  await insertEnrollments(db, enrollmentsToMake);
  return true;
}

/** Which of these attendees are already actively enrolled in the schedule. */
export function enrolledAmong(
  db: Db,
  scheduleId: number,
  attendeeProfileIds: number[],
): Promise<Set<number>> {
  return activelyEnrolledAttendees(db, scheduleId, attendeeProfileIds);
}

// Waitlist offers (docs/product.md#waitlist): the waitlist module offers freed seats under the
// same schedule locks checkout takes, and holds them with a seat hold naming the offer.

/**
 * Locks the schedules (by id, like checkout) until the transaction ends and answers their seats
 * left now; a schedule that no longer exists is absent.
 */
export async function lockSeatsLeft(
  db: Db,
  lockCapacities: CapacityLock,
  scheduleIds: number[],
  at: Date,
): Promise<Map<number, number>> {
  const capacities = await lockCapacities(db, scheduleIds);
  const counts = await seatCountsBySchedule(db, [...capacities.keys()], at);
  return new Map(
    [...capacities].map(([id, capacity]) => [id, seatsLeft(capacity, counts.get(id))]),
  );
}

/** Holds an offer's seats for its family until the offer expires. */
export function holdSeatsForOffer(
  db: Db,
  hold: { scheduleId: number; userId: number; offerId: number; seats: number; expiresAt: Date },
): Promise<void> {
  return insertOfferHold(db, hold);
}

/** Frees the seats of offers that ended (expired, declined, or their entry removed). */
export function releaseSeatsOfOffers(db: Db, offerIds: number[]): Promise<void> {
  return deleteHoldsOfOffers(db, offerIds);
}

/**
 * Schedule id → seats the account's open waitlist offers hold there: seats left for that account
 * only (the cart lets the family book them).
 */
export async function offeredSeatsOfUser(
  db: Db,
  userId: number,
  scheduleIds: number[],
  at: Date,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const o of await openOfferHoldsOfUser(db, userId, scheduleIds, at)) {
    out.set(o.scheduleId, (out.get(o.scheduleId) ?? 0) + o.seats);
  }
  return out;
}

// Session seats (docs/glossary.md#session-seat): a booking of one session (a make-up) takes a seat
// counted against the whole schedule until that session ends. A new enrollee attends every
// remaining session, that one included, so this is exact for one booked session and only
// conservative when bookings sit in different sessions (docs/decisions/074-absences-and-make-ups.md).

/** One session seat: the schedule, the family it is for, its holder's key, when its session ends. */
export type SessionSeat = {
  scheduleId: number;
  userId: number | null;
  /** Unique per booking, e.g. 'makeup:<booking id>': the booking releases its seat by it. */
  holderKey: string;
  /** The session's end: the seat counts for nothing after it. */
  until: Date;
};

/**
 * Takes one seat of the schedule until `until` for a booking of one session. No check here: call
 * it in the transaction that found a seat left with lockSeatsLeft, so the schedule is locked
 * from the count to the commit.
 */
export function holdSessionSeat(db: Db, seat: SessionSeat): Promise<void> {
  return insertSessionSeat(db, seat);
}

/** Frees a booking's session seat (cancelled); nothing when it has none. */
export function releaseSessionSeat(db: Db, holderKey: string): Promise<void> {
  return deleteSessionSeat(db, holderKey);
}

/**
 * Whether one session's schedule has a seat left for a booking of that session, with the schedule
 * locked until the transaction ends (lockSeatsLeft): call it in the transaction that then writes
 * the booking and its session seat.
 */
export async function lockSessionSeatLeft(
  tx: Db,
  lockCapacities: CapacityLock,
  scheduleId: number,
  at: Date,
): Promise<boolean> {
  const left = (await lockSeatsLeft(tx, lockCapacities, [scheduleId], at)).get(scheduleId) ?? 0;
  return left > 0;
}

/**
 * The sessions whose schedule has a seat left, in the order given, each with its seats left, at
 * most `limit`: counted without a lock, for a list to choose from (booking counts again under
 * the lock). One count query for all their schedules.
 */
export async function sessionsWithSeatsLeft<S extends { scheduleId: number; capacity: number }>(
  db: Db,
  sessions: S[],
  at: Date,
  limit: number,
): Promise<(S & { seatsLeft: number })[]> {
  const counts = await seatCountsBySchedule(
    db,
    [...new Set(sessions.map((s) => s.scheduleId))],
    at,
  );
  const out: (S & { seatsLeft: number })[] = [];
  for (const session of sessions) {
    const left = seatsLeft(session.capacity, counts.get(session.scheduleId));
    if (left > 0) out.push({ ...session, seatsLeft: left });
    if (out.length >= limit) break;
  }
  return out;
}
