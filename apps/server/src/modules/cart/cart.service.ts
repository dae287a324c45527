import {
  CART_MESSAGES,
  type CartItemChanges,
  type CartItemDocument,
  type CartItemListDocument,
  DEFAULT_LANGUAGE,
  type FieldError,
  type GuestCartItemParams,
  isIdText,
  type Language,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { notFound, ValidationError } from '../../lib/app-error';
import { isForeignKeyViolation, pgConstraint } from '../../lib/pg-errors';
import {
  addonIdsOfSchedule,
  type CartSchedule,
  cartSchedulesByIds,
  type ImageUrls,
} from '../classes';
import { passesForSale } from '../passes';
import { priceCartItem } from '../pricing';
import { type TrialCartDeps, trialCartFacts } from '../trials';
import {
  addonLinksOfItems,
  attendeeLinksOfItems,
  type CartItemRow,
  cartItemRowsOfUser,
  countAttendeeLinks,
  lockCartItemRowOfUser,
  replaceAddonLinks,
  replaceAttendeeLinks,
  updateCartItemRow,
} from './cart.repository';
import {
  type AnyPricedCartItem,
  type Coupon,
  cartDocumentParts,
  type PricedCartItem,
  type PricedPassItem,
  type PricedTrialItem,
  passPrice,
  trialPrice,
} from './cart.resources';
import { familyAttendeesAmong, withAttendees } from './cart-attendees';
import { seatsLeftBySchedule, unavailableReasonOf } from './cart-availability';

export type { Coupon };

/**
 * Resolves coupon codes to the coupons that apply now for this user (null: a guest). A code
 * that does not resolve prices the item without a discount, and the item shows `coupon: null`.
 */
export type CouponLookup = (
  codes: string[],
  context: { userId: number | null; at: Date },
) => Promise<Map<string, Coupon>>;

/**
 * Coupons arrive with the commerce issue (table, validity, limits, user groups): until then no
 * code can name one, so none resolves. Commerce replaces this with its lookup in cart.routes.ts.
 */
export const noCouponsExist: CouponLookup = async () => new Map();

/** What the cart services need from the app. */
export type CartContext = {
  db: Db;
  urls: ImageUrls;
  /** The clock, replaceable in tests: pricing happens at this instant. */
  now: () => Date;
  coupons: CouponLookup;
  /** Paid trials' facts (docs/decisions/077-trial-classes.md); without them a trial item is not shown. */
  trials?: TrialCartDeps;
};

/** One item to price: a stored row's facts, or a guest's parameters. */
type ItemFacts = {
  id: string;
  schedule: CartSchedule;
  plan: CartSchedule['plans'][number];
  numberOfAttendees: number;
  couponCode: string | null;
  attendees: PricedCartItem['attendees'];
  addons: PricedCartItem['addons'];
  /** Decision 028: computed before pricing, shown with the price. */
  unavailableReason: PricedCartItem['unavailableReason'];
};

async function priceItems(
  ctx: CartContext,
  facts: ItemFacts[],
  userId: number | null,
  at: Date,
): Promise<PricedCartItem[]> {
  const codes = [...new Set(facts.flatMap((f) => (f.couponCode ? [f.couponCode] : [])))];
  const coupons = codes.length > 0 ? await ctx.coupons(codes, { userId, at }) : new Map();
  return facts.map((f) => {
    const found = (f.couponCode && coupons.get(f.couponCode)) || null;
    // A coupon kept for one programme discounts only that programme's schedules (decision 025).
    const coupon =
      found && (found.klassGroupId === null || found.klassGroupId === f.schedule.klassGroup.id)
        ? found
        : null;
    const price = priceCartItem({
      plan: f.plan,
      schedule: {
        timeZone: f.schedule.timeZone,
        startDate: f.schedule.startDate,
        endDate: f.schedule.endDate,
        klasses: f.schedule.klassesAhead,
      },
      addonPrices: f.addons.map((a) => a.addon.price),
      numberOfAttendees: f.numberOfAttendees,
      coupon,
      at,
    });
    return {
      kind: 'enrollment' as const,
      id: f.id,
      numberOfAttendees: f.numberOfAttendees,
      price,
      coupon,
      schedule: f.schedule,
      plan: f.plan,
      attendees: f.attendees,
      addons: f.addons,
      unavailableReason: f.unavailableReason,
      couponCode: f.couponCode,
    };
  });
}

/** A stored enrollment item: its schedule and plan are there (the table's check). */
type EnrollmentRow = CartItemRow & { klassGroupScheduleId: number; planId: number };
type PassRow = CartItemRow & { passId: number };
type TrialRow = CartItemRow & { klassId: number };

/**
 * Trial items priced at the programme's trial price now (docs/decisions/077-trial-classes.md):
 * a few queries per item (carts hold few). One whose class or child is gone is left out.
 */
async function pricedTrialRows(
  ctx: CartContext,
  rows: TrialRow[],
  at: Date,
  language: Language,
): Promise<PricedTrialItem[]> {
  const deps = ctx.trials;
  if (rows.length === 0 || !deps) return [];
  const links = await attendeeLinksOfItems(
    ctx.db,
    rows.map((r) => r.id),
  );
  const out: PricedTrialItem[] = [];
  for (const row of rows) {
    const link = links.find((l) => l.cartItemId === row.id);
    if (!link) continue;
    const trial = await trialCartFacts(
      deps,
      ctx.db,
      row.klassId,
      link.attendeeProfileId,
      at,
      language,
    );
    if (!trial) continue;
    out.push({
      kind: 'trial',
      id: String(row.id),
      numberOfAttendees: 1,
      price: trialPrice(trial.price ?? 0),
      trial,
      coupon: null,
      couponCode: null,
      unavailableReason: trial.unavailable,
    });
  }
  return out;
}

/**
 * Stored items of every kind priced at `at`, in the order given: each kind priced by its own
 * rules (docs/decisions/076-class-passes-and-drop-ins.md).
 */
export async function pricedRows(
  ctx: CartContext,
  userId: number,
  rows: CartItemRow[],
  at: Date,
  language: Language = DEFAULT_LANGUAGE,
): Promise<AnyPricedCartItem[]> {
  const enrollmentRows = rows.filter(
    (r): r is EnrollmentRow =>
      r.kind === 'enrollment' && r.klassGroupScheduleId !== null && r.planId !== null,
  );
  const passRows = rows.filter((r): r is PassRow => r.kind === 'pass' && r.passId !== null);
  const trialRows = rows.filter((r): r is TrialRow => r.kind === 'trial' && r.klassId !== null);
  const [enrollments, passes, trials] = await Promise.all([
    pricedEnrollmentRows(ctx, userId, enrollmentRows, at, language),
    pricedPassRows(ctx, passRows, language),
    pricedTrialRows(ctx, trialRows, at, language),
  ]);
  const byId = new Map<string, AnyPricedCartItem>(
    [...enrollments, ...passes, ...trials].map((item) => [item.id, item]),
  );
  return rows.flatMap((r) => byId.get(String(r.id)) ?? []);
}

/** Pass items priced at their pass's price now, named in the reader's language: one query. */
async function pricedPassRows(
  ctx: CartContext,
  rows: PassRow[],
  language: Language,
): Promise<PricedPassItem[]> {
  if (rows.length === 0) return [];
  const passes = await passesForSale(
    ctx.db,
    rows.map((r) => r.passId),
  );
  return rows.flatMap((row) => {
    // Deleted meanwhile: the item goes with it (cascade).
    const pass = passes.get(row.passId);
    if (!pass) return [];
    const name = (language === 'ja' && pass.translations.ja?.name) || pass.name;
    return [
      {
        kind: 'pass' as const,
        id: String(row.id),
        numberOfAttendees: 1 as const,
        price: passPrice(pass),
        pass: { ...pass, name },
        coupon: null,
        couponCode: null,
        unavailableReason: null,
      },
    ];
  });
}

/**
 * Stored enrollment items priced at `at`: ten queries whatever the cart's size (items, attendee
 * links, the attendees, add-on links, five for the schedules, seats), plus one for coupons.
 */
async function pricedEnrollmentRows(
  ctx: CartContext,
  userId: number,
  rows: EnrollmentRow[],
  at: Date,
  language: Language,
): Promise<PricedCartItem[]> {
  if (rows.length === 0) return [];
  const itemIds = rows.map((r) => r.id);
  const [attendeeLinks, addonLinks, schedules] = await Promise.all([
    attendeeLinksOfItems(ctx.db, itemIds).then((links) => withAttendees(ctx.db, links)),
    addonLinksOfItems(ctx.db, itemIds),
    cartSchedulesByIds(
      ctx,
      rows.map((r) => r.klassGroupScheduleId),
      at,
      language,
    ),
  ]);
  const seats = await seatsLeftBySchedule(ctx.db, schedules.values(), at, userId);
  const facts: ItemFacts[] = [];
  for (const row of rows) {
    // Foreign keys keep these present; a schedule or plan removed between two of the reads
    // above takes its item with it (cascade), so the item is left out as it is about to be.
    const schedule = schedules.get(row.klassGroupScheduleId);
    const plan = schedule?.plans.find((p) => p.id === row.planId);
    if (!schedule || !plan) continue;
    const addonsById = new Map(schedule.addons.map((a) => [a.id, a]));
    facts.push({
      id: String(row.id),
      schedule,
      plan,
      numberOfAttendees: row.numberOfAttendees,
      couponCode: row.couponCode,
      unavailableReason: unavailableReasonOf(
        schedule,
        row.numberOfAttendees,
        seats.get(schedule.id),
      ),
      attendees: attendeeLinks
        .filter((l) => l.cartItemId === row.id)
        .map((l) => ({ linkId: String(l.id), attendee: l.attendee })),
      addons: addonLinks
        .filter((l) => l.cartItemId === row.id)
        .flatMap((l) => {
          const addon = addonsById.get(l.addonId);
          return addon ? [{ linkId: String(l.id), addon }] : [];
        }),
    });
  }
  return priceItems(ctx, facts, userId, at);
}

/**
 * GET /api/v2/cart_items: the user's cart, oldest item first, each priced now, with what the
 * school wrote in the reader's language.
 */
export async function listCart(
  ctx: CartContext,
  userId: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<CartItemListDocument> {
  const at = ctx.now();
  const rows = await cartItemRowsOfUser(ctx.db, userId);
  const items = await pricedRows(ctx, userId, rows, at, language);
  return { ...cartDocumentParts(items), meta: { total: items.length } };
}

function duplicates(ids: number[]): boolean {
  return new Set(ids).size !== ids.length;
}

/** The field errors of a change to `row` (docs/product.md#server-calls PUT), read inside the item's lock. */
async function changeErrors(
  db: Db,
  userId: number,
  row: CartItemRow,
  changes: CartItemChanges,
  attendeeIds: number[] | undefined,
  addonIds: number[] | undefined,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (attendeeIds) {
    if (duplicates(attendeeIds)) {
      errors.push({ field: 'attendee_profile_ids', detail: CART_MESSAGES.duplicate });
    } else {
      const own = new Set(
        (await familyAttendeesAmong(db, userId, attendeeIds)).map((attendee) => attendee.id),
      );
      if (attendeeIds.some((id) => !own.has(id))) {
        errors.push({ field: 'attendee_profile_ids', detail: CART_MESSAGES.attendeeNotInFamily });
      }
    }
  }
  if (addonIds) {
    if (duplicates(addonIds)) {
      errors.push({ field: 'addon_ids', detail: CART_MESSAGES.duplicate });
    } else if (addonIds.length > 0) {
      const offered =
        row.klassGroupScheduleId === null
          ? new Set<number>()
          : await addonIdsOfSchedule(db, row.klassGroupScheduleId);
      if (addonIds.some((id) => !offered.has(id))) {
        errors.push({ field: 'addon_ids', detail: CART_MESSAGES.addonNotOffered });
      }
    }
  }
  // Attendees, once chosen, are exactly number_of_attendees people.
  const chosen = attendeeIds ?? null;
  if (chosen && chosen.length > 0) {
    if (
      changes.number_of_attendees !== undefined &&
      changes.number_of_attendees !== chosen.length
    ) {
      errors.push({
        field: 'number_of_attendees',
        detail: CART_MESSAGES.attendeesCount(chosen.length),
      });
    }
  } else if (!chosen && changes.number_of_attendees !== undefined) {
    const current = await countAttendeeLinks(db, row.id);
    if (current > 0 && changes.number_of_attendees !== current) {
      errors.push({ field: 'number_of_attendees', detail: CART_MESSAGES.attendeesCount(current) });
    }
  }
  return errors;
}

/** A link to an attendee or add-on deleted while the change was being written. */
export function goneLinkError(error: unknown): ValidationError | null {
  if (!isForeignKeyViolation(error)) return null;
  const constraint = pgConstraint(error) ?? '';
  if (constraint.includes('attendee_profile')) {
    return new ValidationError([
      { field: 'attendee_profile_ids', detail: CART_MESSAGES.attendeeNotInFamily },
    ]);
  }
  if (constraint.includes('addon')) {
    return new ValidationError([{ field: 'addon_ids', detail: CART_MESSAGES.addonNotOffered }]);
  }
  return null;
}

/**
 * PUT /api/v2/cart_items/{id} (docs/product.md#server-calls): changes one item of the user's cart (another user's item
 * is 404) and answers it priced. `attendee_profile_ids` must be the user's family members,
 * `addon_ids` add-ons of the item's schedule; with attendees chosen, number_of_attendees is their
 * count (left out, it follows the list).
 */
export async function updateCartItem(
  ctx: CartContext,
  userId: number,
  id: number,
  changes: CartItemChanges,
  language: Language = DEFAULT_LANGUAGE,
): Promise<CartItemDocument> {
  const attendeeIds = changes.attendee_profile_ids;
  const addonIds = changes.addon_ids;
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await lockCartItemRowOfUser(tx, userId, id);
      if (!row) throw notFound('Cart item');
      // A class pass has nothing to choose: one for the family, at its price.
      if (row.kind !== 'enrollment') {
        throw new ValidationError([{ field: 'kind', detail: CART_MESSAGES.nothingToChange }]);
      }
      const errors = await changeErrors(tx, userId, row, changes, attendeeIds, addonIds);
      if (errors.length > 0) throw new ValidationError(errors);
      const numberOfAttendees =
        attendeeIds && attendeeIds.length > 0
          ? attendeeIds.length
          : (changes.number_of_attendees ?? row.numberOfAttendees);
      await updateCartItemRow(tx, row.id, {
        numberOfAttendees,
        ...(changes.coupon_code !== undefined ? { couponCode: changes.coupon_code } : {}),
      });
      if (attendeeIds) await replaceAttendeeLinks(tx, row.id, attendeeIds);
      if (addonIds) await replaceAddonLinks(tx, row.id, addonIds);
    });
  } catch (error) {
    throw goneLinkError(error) ?? error;
  }
  const at = ctx.now();
  const rows = await cartItemRowsOfUser(ctx.db, userId, [id]);
  const [item] = await pricedRows(ctx, userId, rows, at, language);
  // Removed since the change committed (its schedule or plan went): it is no longer in the cart.
  if (!item) throw notFound('Cart item');
  const parts = cartDocumentParts([item]);
  return { ...parts, data: parts.data[0] as CartItemDocument['data'] };
}

/** A database id from text, or null when the text cannot be one. */
function idOf(text: string): number | null {
  return isIdText(text) ? Number(text) : null;
}

/**
 * The guest pricing call (decision 004): each guest item priced now, answered in the order
 * asked with ids "1", "2", … (positions: the client matches them by klass_group_schedule.id).
 * Decision 028: an item that can no longer be bought (unpublished, over, sold out, a plan or
 * add-on no longer offered) is priced and flagged, never a 422 for the whole cart; a schedule
 * that no longer exists is left out (nothing is left to show). A duplicated add-on, or two plans
 * for one schedule, are the caller's mistakes: field errors `cart_item_params.{index}.{field}`.
 * With a session (`userId`), coupons resolve for that user.
 */
export async function priceGuestCart(
  ctx: CartContext,
  params: GuestCartItemParams[],
  userId: number | null = null,
  language: Language = DEFAULT_LANGUAGE,
): Promise<CartItemListDocument> {
  const at = ctx.now();
  const scheduleIds = params.map((p) => idOf(p.klass_group_schedule_id));
  const schedules = await cartSchedulesByIds(
    ctx,
    scheduleIds.filter((id): id is number => id !== null),
    at,
    language,
  );
  const seats = await seatsLeftBySchedule(ctx.db, schedules.values(), at);
  const errors: FieldError[] = [];
  const planOfSchedule = new Map<number, number>();
  const facts: ItemFacts[] = [];
  params.forEach((p, index) => {
    const field = (name: string) => `cart_item_params.${index}.${name}`;
    const scheduleId = scheduleIds[index];
    const schedule = scheduleId ? schedules.get(scheduleId) : undefined;
    const asked =
      p.plan_id === undefined
        ? schedule?.plans[0]
        : schedule?.plans.find((candidate) => String(candidate.id) === p.plan_id);
    // A plan no longer offered still shows a price (the first plan's), flagged.
    const plan = asked ?? schedule?.plans[0];
    if (!schedule || !plan) return;
    if (new Set(p.addon_ids).size !== p.addon_ids.length) {
      errors.push({ field: field('addon_ids'), detail: CART_MESSAGES.duplicate });
      return;
    }
    // A document shows a schedule once, with one plan: one plan per class in a cart.
    const planBefore = planOfSchedule.get(schedule.id);
    if (planBefore !== undefined && planBefore !== plan.id) {
      errors.push({ field: field('plan_id'), detail: CART_MESSAGES.onePlanPerClass });
      return;
    }
    planOfSchedule.set(schedule.id, plan.id);
    const addonsById = new Map(schedule.addons.map((a) => [String(a.id), a]));
    const addons = p.addon_ids.flatMap((addonId) => {
      const addon = addonsById.get(addonId);
      return addon ? [addon] : [];
    });
    const notOffered = !asked || addons.length !== p.addon_ids.length;
    const id = String(index + 1);
    facts.push({
      id,
      schedule,
      plan,
      numberOfAttendees: p.number_of_attendees,
      couponCode: p.coupon_code,
      unavailableReason:
        unavailableReasonOf(schedule, p.number_of_attendees, seats.get(schedule.id)) ??
        (notOffered ? 'not_offered' : null),
      attendees: [],
      addons: addons.map((addon) => ({ linkId: `${id}-${addon.id}`, addon })),
    });
  });
  if (errors.length > 0) throw new ValidationError(errors);
  const items = await priceItems(ctx, facts, userId, at);
  return { ...cartDocumentParts(items), meta: { total: items.length } };
}
