import {
  CHILD_CARD_MESSAGES,
  CUSTOMER_MESSAGES,
  type CustomerBody,
  type CustomerDocument,
  type CustomerListDocument,
  type CustomerOrder,
  type EnrollmentStatus,
  type GuestCustomerDocument,
  type GuestCustomerListDocument,
  type Language,
  type OrderDocument,
  type WalkInOrderDocument,
  type WalkInPriceDocument,
  type walkInOrderBodySchema,
  type walkInPriceQuerySchema,
} from '@atelier/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import {
  assertWalkInAgreements,
  joinWalkInSignatures,
  recordPaperAgreements,
  signedForBooking,
} from '../agreements';
import { addEmergencyContact, profilesLackingEmergencyContact } from '../child-care';
import {
  addGuestAttendee,
  attendeesOwnedBy,
  joinGuestAttendees,
  updateUserProfile,
} from '../users';
import {
  guestContactById,
  guestCustomerRowById,
  guestIdsOfUser,
  insertGuestCustomer,
  joinGuestCustomersToUser,
  updateGuestCustomer,
} from './customers.repository';

// Customers and walk-in customers (docs/product.md#customers, decision 033).

/** A walk-in's booking as the orders module places it; its attendees are already the walk-in's. */
export type WalkInBooking = {
  guestCustomerId: number;
  placedById: number;
  scheduleId: number;
  planId: number;
  addonIds: number[];
  attendees: { id: number; name: string; birthday: string | null }[];
  paymentMethod: 'cash' | 'check' | 'card';
  /** As typed at the desk; null: none. */
  couponCode: string | null;
};

/** A walk-in's booking as the desk prices it before Book: how many attend, not who. */
export type WalkInQuote = Pick<
  WalkInBooking,
  'guestCustomerId' | 'scheduleId' | 'planId' | 'addonIds' | 'couponCode'
> & { numberOfAttendees: number };

/** An account holder (a student account) with what they paid, net of refunds, and ordered. */
export type CustomerRow = {
  id: number;
  name: string;
  email: string;
  timezone: string | null;
  createdAt: Date;
  lifetimeValue: number;
  ordersCount: number;
};

/** An enrollment of an account's family, with the attendee's, programme's and schedule's names. */
export type FamilyEnrollmentRow = {
  id: number;
  status: EnrollmentStatus;
  attendeeName: string;
  programme: string;
  schedule: string;
  createdAt: Date;
};

/** A walk-in customer with what they paid, net of refunds. */
export type GuestCustomerView = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string;
  userId: number | null;
  createdAt: Date;
  lifetimeValue: number;
};

/**
 * Account holders and walk-ins as staff see them: the customers read model's queries (they read
 * the users, guest customers, orders, refunds, enrollments and classes tables), handed over by
 * app.ts.
 */
export type CustomersReads = {
  /** Students by name or e-mail, by name, with the total matching. */
  customerPage(
    db: Db,
    search: string | undefined,
    window: { offset: number; limit: number },
  ): Promise<{ rows: CustomerRow[]; total: number }>;
  /** A student account; undefined for anyone else. */
  customerById(db: Db, id: number): Promise<CustomerRow | undefined>;
  /** The enrollments of an account's family, newest first. */
  enrollmentsOfFamily(db: Db, userId: number): Promise<FamilyEnrollmentRow[]>;
  /** Walk-ins by name, e-mail or phone, by name, with the total matching. */
  guestCustomerPage(
    db: Db,
    search: string | undefined,
    window: { offset: number; limit: number },
  ): Promise<{ rows: GuestCustomerView[]; total: number }>;
  /** A walk-in with what they paid. */
  guestCustomerById(db: Db, id: number): Promise<GuestCustomerView | undefined>;
};

/**
 * What the customers services need from the app. Orders sit above this module (an order names its
 * walk-in), so what it needs of them comes as functions app.ts wires in (decision 055).
 */
export type CustomersContext = {
  db: Db;
  /** Places a walk-in's order: priced, seats held and paid as checkout does. */
  placeWalkInOrder: (booking: WalkInBooking) => Promise<OrderDocument>;
  /** Prices it as the booking would be, the walk-in's coupon included (or the booking's 422). */
  priceWalkInOrder: (
    quote: WalkInQuote,
  ) => Promise<{ subtotal: number; discount: number; total: number; couponCode: string | null }>;
  /** An account's or a walk-in's latest orders, with the programmes they booked. */
  ordersOf: (owner: { userId: number } | { guestCustomerId: number }) => Promise<CustomerOrder[]>;
  /** Reads across other modules' tables (the customers read model), handed over by app.ts. */
  reads: CustomersReads;
};

type GuestFields = { name: string; email: string | null; phone: string | null; notes: string };

const attendee = (a: { id: number; name: string; birthday: string | null }) => ({
  id: String(a.id),
  name: a.name,
  birthday: a.birthday,
});

/** A customer's attributes (JSON:API resource `customers`). */
function customerAttributes(row: CustomerRow) {
  return {
    name: row.name,
    email: row.email,
    time_zone: row.timezone,
    created_at: row.createdAt.toISOString(),
    lifetime_value: row.lifetimeValue,
    orders_count: row.ordersCount,
  };
}

/** A walk-in customer's attributes (JSON:API resource `guest_customers`). */
function guestAttributes(row: GuestCustomerView) {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    user_id: row.userId === null ? null : String(row.userId),
    created_at: row.createdAt.toISOString(),
    lifetime_value: row.lifetimeValue,
  };
}

export async function listCustomers(
  ctx: CustomersContext,
  query: { page: number; search?: string | undefined },
): Promise<CustomerListDocument> {
  const { rows, total } = await ctx.reads.customerPage(
    ctx.db,
    query.search,
    pageWindow(query.page),
  );
  return {
    data: rows.map((row) => ({
      id: String(row.id),
      type: 'customers' as const,
      attributes: customerAttributes(row),
    })),
    meta: pageMeta(query.page, total),
  };
}

export async function getCustomer(ctx: CustomersContext, id: number): Promise<CustomerDocument> {
  const row = await ctx.reads.customerById(ctx.db, id);
  if (!row) throw notFound('Customer');
  const [family, orders, enrollments] = await Promise.all([
    attendeesOwnedBy(ctx.db, { userId: id }),
    ctx.ordersOf({ userId: id }),
    ctx.reads.enrollmentsOfFamily(ctx.db, id),
  ]);
  return {
    data: {
      id: String(row.id),
      type: 'customers',
      attributes: {
        ...customerAttributes(row),
        family: family.map(attendee),
        orders,
        enrollments: enrollments.map((e) => ({
          id: String(e.id),
          status: e.status,
          attendee_name: e.attendeeName,
          programme: e.programme,
          schedule: e.schedule,
          created_at: e.createdAt.toISOString(),
        })),
      },
    },
  };
}

/** Name and time zone only: the e-mail signs the person in and stays theirs to change (decision 033). */
export async function editCustomer(
  ctx: CustomersContext,
  id: number,
  body: { name: string; time_zone: string | null },
): Promise<CustomerDocument> {
  // Only the users module writes accounts (docs/architecture.md#repository-layout-and-layers):
  // this module checks the account is a customer, then asks it.
  if (!(await ctx.reads.customerById(ctx.db, id))) throw notFound('Customer');
  const changed = await updateUserProfile(
    ctx.db,
    id,
    { name: body.name, timezone: body.time_zone },
    new Date(),
  );
  if (!changed) throw notFound('Customer');
  return getCustomer(ctx, id);
}
export type { CustomerBody };

export async function listGuestCustomers(
  ctx: CustomersContext,
  query: { page: number; search?: string | undefined },
): Promise<GuestCustomerListDocument> {
  const { rows, total } = await ctx.reads.guestCustomerPage(
    ctx.db,
    query.search,
    pageWindow(query.page),
  );
  return {
    data: rows.map((row) => ({
      id: String(row.id),
      type: 'guest_customers' as const,
      attributes: guestAttributes(row),
    })),
    meta: pageMeta(query.page, total),
  };
}

export async function getGuestCustomer(
  ctx: CustomersContext,
  id: number,
): Promise<GuestCustomerDocument> {
  const row = await ctx.reads.guestCustomerById(ctx.db, id);
  if (!row) throw notFound('Walk-in customer');
  const [attendees, orders] = await Promise.all([
    attendeesOwnedBy(ctx.db, { guestCustomerId: id }),
    ctx.ordersOf({ guestCustomerId: id }),
  ]);
  const [lackingContact, onRecord] = await Promise.all([
    profilesLackingEmergencyContact(ctx.db, attendees),
    signedForBooking(
      ctx.db,
      { guestCustomerId: id },
      attendees.map((a) => a.id),
    ),
  ]);
  const lacking = new Set(lackingContact.map((a) => a.id));
  return {
    data: {
      id: String(row.id),
      type: 'guest_customers',
      attributes: {
        ...guestAttributes(row),
        attendees: attendees.map((a) => ({
          ...attendee(a),
          has_emergency_contact: !lacking.has(a.id),
        })),
        orders,
        agreements_on_record: onRecord.map((r) => ({
          agreement_id: String(r.agreementId),
          attendee_profile_id: r.attendeeProfileId === null ? null : String(r.attendeeProfileId),
        })),
      },
    },
  };
}

export async function createGuestCustomer(
  ctx: CustomersContext,
  body: GuestFields,
  createdById: number,
): Promise<GuestCustomerDocument> {
  const id = await insertGuestCustomer(ctx.db, { ...body, createdById });
  return getGuestCustomer(ctx, id);
}

export async function editGuestCustomer(
  ctx: CustomersContext,
  id: number,
  body: GuestFields,
): Promise<GuestCustomerDocument> {
  if (!(await updateGuestCustomer(ctx.db, id, body))) throw notFound('Walk-in customer');
  return getGuestCustomer(ctx, id);
}

type WalkInOrderBody = z.output<typeof walkInOrderBodySchema>['order'];

/**
 * POST /api/v2/admin/guest_customers/{id}/orders. The attendees named by id must be the walk-in's;
 * new ones are made first (they stay on the walk-in's record even if the class is then full).
 */
export async function bookForGuestCustomer(
  ctx: CustomersContext,
  id: number,
  body: WalkInOrderBody,
  desk: { placedById: number; ip: string; language: Language },
): Promise<WalkInOrderDocument> {
  const { placedById } = desk;
  const guest = await guestCustomerRowById(ctx.db, id);
  if (!guest) throw notFound('Walk-in customer');
  if (guest.userId !== null) throw new AppError('conflict', CUSTOMER_MESSAGES.alreadyJoined);
  const own = new Map(
    (await attendeesOwnedBy(ctx.db, { guestCustomerId: id })).map((a) => [String(a.id), a]),
  );
  const errors = body.attendees.flatMap((a, i) =>
    a.id !== undefined && !own.has(a.id)
      ? [{ field: `attendees.${i}.id`, detail: CUSTOMER_MESSAGES.unknownAttendee }]
      : [],
  );
  if (errors.length > 0) throw new ValidationError(errors);
  const ids = body.attendees.flatMap((a) => (a.id !== undefined ? [a.id] : []));
  if (new Set(ids).size !== ids.length) {
    throw new ValidationError([{ field: 'attendees', detail: 'Each attendee once' }]);
  }
  // A code that does not apply is refused before a new attendee is written.
  if (body.coupon_code) await ctx.priceWalkInOrder(quoteOf(id, body, body.attendees.length));
  await requireDeskContacts(ctx, body.attendees, own);
  // The school's agreements: on record, or signed on paper now (docs/product.md#agreements).
  await assertWalkInAgreements(ctx.db, {
    guestCustomerId: id,
    attendees: bookedOnFile(body.attendees, own),
    newAttendees: body.attendees.flatMap((a) => (a.id === undefined ? [a.name ?? ''] : [])),
    onPaper: body.paper_agreements?.agreement_ids ?? [],
    language: desk.language,
  });
  const attendees = [];
  for (const a of body.attendees) {
    const found = a.id !== undefined ? own.get(a.id) : undefined;
    if (found && !a.emergency_contact) {
      attendees.push(found);
      continue;
    }
    // A new attendee and the contact given for them are written together.
    const person = await ctx.db.transaction(async (tx) => {
      const made =
        found ??
        (await addGuestAttendee(tx, {
          guestCustomerId: id,
          name: a.name ?? '',
          birthday: a.birthday ?? null,
        }));
      if (a.emergency_contact) await addEmergencyContact(tx, made.id, a.emergency_contact);
      return made;
    });
    attendees.push(person);
  }
  if (body.paper_agreements) {
    // Kept whatever becomes of the booking: the walk-in has signed, on paper, at the desk.
    await recordPaperAgreements(ctx.db, {
      guestCustomerId: id,
      attendeeIds: attendees.map((a) => a.id),
      agreementIds: body.paper_agreements.agreement_ids,
      signerName: body.paper_agreements.signed_by,
      recordedById: placedById,
      ip: desk.ip,
      at: new Date(),
    });
  }
  const order = await ctx.placeWalkInOrder({
    guestCustomerId: id,
    placedById,
    scheduleId: body.klass_group_schedule_id,
    planId: body.plan_id,
    addonIds: body.addon_ids,
    attendees,
    paymentMethod: body.payment_method,
    couponCode: body.coupon_code,
  });
  return { ...order, meta: { payment_method: body.payment_method } };
}

/** The booked attendees already on the walk-in's record (the others are new ones, by name). */
function bookedOnFile(
  attendees: WalkInOrderBody['attendees'],
  own: Map<string, { id: number; name: string }>,
): { id: number; name: string }[] {
  return attendees.flatMap((a) => {
    const found = a.id !== undefined ? own.get(a.id) : undefined;
    return found ? [found] : [];
  });
}

/**
 * Everyone booked at the desk has someone to call before their first class, as at checkout
 * (docs/product.md#the-childs-card): a new attendee comes with a contact, and one whose card names
 * nobody gets one now. Checked before anything is written: a 422 on each attendee lacking one.
 */
async function requireDeskContacts(
  ctx: CustomersContext,
  attendees: WalkInOrderBody['attendees'],
  own: Map<string, { id: number; name: string }>,
): Promise<void> {
  // Only the attendees booked now, not every one the walk-in has on file.
  const onFile = await profilesLackingEmergencyContact(ctx.db, bookedOnFile(attendees, own));
  const nobody = new Set(onFile.map((p) => p.id));
  const errors = attendees.flatMap((a, i) => {
    if (a.emergency_contact) return [];
    const found = a.id !== undefined ? own.get(a.id) : undefined;
    if (found && !nobody.has(found.id)) return [];
    const name = found?.name ?? a.name ?? '';
    return [
      {
        field: `attendees.${i}.emergency_contact`,
        detail: CHILD_CARD_MESSAGES.emergencyContactNeeded(name),
      },
    ];
  });
  if (errors.length > 0) throw new ValidationError(errors);
}

const quoteOf = (
  guestCustomerId: number,
  q: {
    klass_group_schedule_id: number;
    plan_id: number;
    addon_ids: number[];
    coupon_code: string | null;
  },
  numberOfAttendees: number,
): WalkInQuote => ({
  guestCustomerId,
  scheduleId: q.klass_group_schedule_id,
  planId: q.plan_id,
  addonIds: q.addon_ids,
  couponCode: q.coupon_code,
  numberOfAttendees,
});

/** GET /api/v2/admin/guest_customers/{id}/price: the desk's "To take" before Book. */
export async function priceForGuestCustomer(
  ctx: CustomersContext,
  id: number,
  query: z.output<typeof walkInPriceQuerySchema>,
): Promise<WalkInPriceDocument> {
  const guest = await guestCustomerRowById(ctx.db, id);
  if (!guest) throw notFound('Walk-in customer');
  // As the booking: a joined walk-in's coupon uses are the account's now.
  if (guest.userId !== null) throw new AppError('conflict', CUSTOMER_MESSAGES.alreadyJoined);
  const price = await ctx.priceWalkInOrder(quoteOf(id, query, query.number_of_attendees));
  return {
    data: {
      type: 'walk_in_prices',
      id: String(id),
      attributes: {
        subtotal: price.subtotal,
        discount: price.discount,
        total: price.total,
        coupon_code: price.couponCode,
      },
    },
  };
}

/**
 * The history join (docs/product.md#customers): called inside the transaction that confirms an
 * account's e-mail, so only a proven address takes a walk-in's orders, attendees and the
 * agreements they signed on paper.
 */
export async function joinGuestHistory(db: Db, userId: number, email: string): Promise<number[]> {
  const ids = await joinGuestCustomersToUser(db, userId, email);
  await joinGuestAttendees(db, ids, userId);
  await joinWalkInSignatures(db, ids, userId);
  return ids;
}

/**
 * A walk-in's name and e-mail, for the orders module's receipt (an order names its walk-in).
 * Takes the caller's transaction where it runs in one.
 */
export function guestCustomerContact(
  db: Db,
  id: number,
): Promise<{ name: string; email: string | null } | undefined> {
  return guestContactById(db, id);
}

/**
 * The walk-ins whose history joined an account (the ledger reads their entries with the
 * account's). Takes the caller's transaction where it runs in one.
 */
export function guestCustomerIdsOfUser(db: Db, userId: number): Promise<number[]> {
  return guestIdsOfUser(db, userId);
}
