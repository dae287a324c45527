import {
  CART_MESSAGES,
  type CartItemDocument,
  type CartItemListDocument,
  DEFAULT_LANGUAGE,
  type FieldError,
  type Language,
  MAX_CART_ITEMS,
  type MergeCartItem,
  type NewCartItem,
  type NewPassCartItem,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { type CartSchedule, cartSchedulesByIds } from '../classes';
import { familyMembersFor } from '../family';
import { passesForSale } from '../passes';
import {
  type CartItemRow,
  cartItemRowOfPass,
  cartItemRowsOfUser,
  countCartItemsOfUser,
  deleteCartItemRowOfUser,
  deleteCartItemsOfUser,
  insertCartItemRow,
  lockCartItemRowOfSchedule,
  replaceAddonLinks,
  replaceAttendeeLinks,
  trialCartItemsOfUser,
  updateCartItemRow,
} from './cart.repository';
import { cartDocumentParts } from './cart.resources';
import { type CartContext, goneLinkError, listCart, pricedRows } from './cart.service';
import { familyAttendeesAmong } from './cart-attendees';
import { seatsLeftBySchedule, unavailableReasonOf } from './cart-availability';

// Adding to the cart, removing from it, and a guest cart joining it at sign-in
// (docs/product.md#booking-and-the-cart, decision 028).

/** Full years of someone born on `birthday` on `day` (both YYYY-MM-DD). */
export function ageOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const beforeBirthday = m < bm || (m === bm && d < bd);
  return y - by - (beforeBirthday ? 1 : 0);
}

function outsideAges(schedule: CartSchedule, birthday: string | null): boolean {
  // No birthday on file: nothing to check against (the family screen asks for one).
  if (!birthday) return false;
  const age = ageOn(birthday, schedule.startDate);
  const { minAge, maxAge } = schedule.klassGroup;
  return (minAge !== null && age < minAge) || (maxAge !== null && age > maxAge);
}

const hasDuplicates = (ids: number[]) => new Set(ids).size !== ids.length;

/** The field errors of a new item, and the number of attendees it books when there are none. */
async function additionErrors(
  db: Db,
  userId: number,
  schedule: CartSchedule | undefined,
  input: NewCartItem,
  seatsLeft: number | undefined,
): Promise<{ errors: FieldError[]; numberOfAttendees: number }> {
  const errors: FieldError[] = [];
  const attendeeIds = input.attendee_profile_ids;
  const numberOfAttendees =
    attendeeIds.length > 0 ? attendeeIds.length : (input.number_of_attendees ?? 1);
  if (!schedule || unavailableReasonOf(schedule, 1, 1) !== null) {
    errors.push({ field: 'klass_group_schedule_id', detail: CART_MESSAGES.scheduleUnavailable });
    return { errors, numberOfAttendees };
  }
  if ((seatsLeft ?? 0) < numberOfAttendees) {
    errors.push({ field: 'klass_group_schedule_id', detail: CART_MESSAGES.soldOut });
  }
  if (!schedule.plans.some((p) => p.id === input.plan_id)) {
    errors.push({ field: 'plan_id', detail: CART_MESSAGES.planNotOffered });
  }
  const offered = new Set(schedule.addons.map((a) => a.id));
  if (hasDuplicates(input.addon_ids)) {
    errors.push({ field: 'addon_ids', detail: CART_MESSAGES.duplicate });
  } else if (input.addon_ids.some((id) => !offered.has(id))) {
    errors.push({ field: 'addon_ids', detail: CART_MESSAGES.addonNotOffered });
  }
  if (hasDuplicates(attendeeIds)) {
    errors.push({ field: 'attendee_profile_ids', detail: CART_MESSAGES.duplicate });
  } else if (attendeeIds.length > 0) {
    const own = new Map(
      (await familyAttendeesAmong(db, userId, attendeeIds)).map((a) => [a.id, a.birthday]),
    );
    if (attendeeIds.some((id) => !own.has(id))) {
      errors.push({ field: 'attendee_profile_ids', detail: CART_MESSAGES.attendeeNotInFamily });
    } else if (attendeeIds.some((id) => outsideAges(schedule, own.get(id) ?? null))) {
      errors.push({ field: 'attendee_profile_ids', detail: CART_MESSAGES.attendeeAge });
    }
    if (
      input.number_of_attendees !== undefined &&
      input.number_of_attendees !== attendeeIds.length
    ) {
      errors.push({
        field: 'number_of_attendees',
        detail: CART_MESSAGES.attendeesCount(attendeeIds.length),
      });
    }
  }
  return { errors, numberOfAttendees };
}

/** What one item of the cart is to become (an addition or a merged guest item). */
type ItemWrite = {
  scheduleId: number;
  planId: number;
  numberOfAttendees: number;
  couponCode: string | null;
  attendeeIds: number[];
  addonIds: number[];
};

/**
 * Writes the cart's item for a schedule: the one there is changed, or a new one is added while
 * the cart holds fewer than MAX_CART_ITEMS. Answers the row and whether it is new; null when the
 * cart is full.
 */
async function writeItem(
  db: Db,
  userId: number,
  item: ItemWrite,
): Promise<{ row: CartItemRow; created: boolean } | null> {
  let row = await lockCartItemRowOfSchedule(db, userId, item.scheduleId);
  const created = !row;
  if (row) {
    await updateCartItemRow(db, row.id, {
      planId: item.planId,
      numberOfAttendees: item.numberOfAttendees,
      couponCode: item.couponCode,
    });
  } else {
    if ((await countCartItemsOfUser(db, userId)) >= MAX_CART_ITEMS) return null;
    row = await insertCartItemRow(db, {
      userId,
      klassGroupScheduleId: item.scheduleId,
      planId: item.planId,
      numberOfAttendees: item.numberOfAttendees,
      couponCode: item.couponCode,
    });
  }
  await replaceAttendeeLinks(db, row.id, item.attendeeIds);
  await replaceAddonLinks(db, row.id, item.addonIds);
  return { row, created };
}

/**
 * A transaction, run again once when a concurrent request added the same schedule first (the
 * unique index on user × schedule): the second run finds that item and changes it.
 */
async function withOneRetry<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (!isUniqueViolation(error)) throw goneError(error);
  }
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', 'The cart changed meanwhile; try again');
    }
    throw goneError(error);
  }
}

/**
 * What a foreign key refusing a write means: an attendee or add-on deleted meanwhile (their
 * fields), else the schedule or its plan (the schedule is no longer available); anything else
 * as it is.
 */
function goneError(error: unknown): unknown {
  const link = goneLinkError(error);
  if (link) return link;
  if (isForeignKeyViolation(error)) {
    return new ValidationError([
      { field: 'klass_group_schedule_id', detail: CART_MESSAGES.scheduleUnavailable },
    ]);
  }
  return error;
}

/**
 * POST /api/v2/cart_items (docs/product.md#booking-and-the-cart): books a schedule that can be bought now with
 * one of its plans, for family members of the right ages, with add-ons it offers. The cart's item
 * for that schedule, if any, is changed instead (`created: false`). A full cart is a 422.
 */
export async function addCartItem(
  ctx: CartContext,
  userId: number,
  input: NewCartItem | NewPassCartItem,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ document: CartItemDocument; created: boolean }> {
  if (input.kind === 'pass') return addPassItem(ctx, userId, input, language);
  const at = ctx.now();
  const written = await withOneRetry(ctx.db, async (tx) => {
    const schedules = await cartSchedulesByIds(
      { db: tx, urls: ctx.urls },
      [input.klass_group_schedule_id],
      at,
      language,
    );
    const schedule = schedules.get(input.klass_group_schedule_id);
    const seats = await seatsLeftBySchedule(tx, schedules.values(), at, userId);
    const { errors, numberOfAttendees } = await additionErrors(
      tx,
      userId,
      schedule,
      input,
      schedule ? seats.get(schedule.id) : undefined,
    );
    if (errors.length > 0) throw new ValidationError(errors);
    const result = await writeItem(tx, userId, {
      scheduleId: input.klass_group_schedule_id,
      planId: input.plan_id,
      numberOfAttendees,
      couponCode: input.coupon_code,
      attendeeIds: input.attendee_profile_ids,
      addonIds: input.addon_ids,
    });
    if (!result) {
      throw new ValidationError([
        { field: 'klass_group_schedule_id', detail: CART_MESSAGES.cartFull(MAX_CART_ITEMS) },
      ]);
    }
    return result;
  });
  const rows = await cartItemRowsOfUser(ctx.db, userId, [written.row.id]);
  const [item] = await pricedRows(ctx, userId, rows, at, language);
  // Removed since it was written (its schedule or plan went).
  if (!item) throw notFound('Cart item');
  const parts = cartDocumentParts([item]);
  return {
    document: { ...parts, data: parts.data[0] as CartItemDocument['data'] },
    created: written.created,
  };
}

/**
 * POST /api/v2/cart_items with `kind: 'pass'` (docs/decisions/076-class-passes-and-drop-ins.md):
 * one class pass for the family; the item for that pass already there answers (`created: false`).
 */
async function addPassItem(
  ctx: CartContext,
  userId: number,
  input: NewPassCartItem,
  language: Language,
): Promise<{ document: CartItemDocument; created: boolean }> {
  const written = await withOneRetry(ctx.db, async (tx) => {
    if (!(await passesForSale(tx, [input.pass_id])).has(input.pass_id)) {
      throw new ValidationError([{ field: 'pass_id', detail: CART_MESSAGES.passUnavailable }]);
    }
    const there = await cartItemRowOfPass(tx, userId, input.pass_id);
    if (there) return { row: there, created: false };
    if ((await countCartItemsOfUser(tx, userId)) >= MAX_CART_ITEMS) {
      throw new ValidationError([
        { field: 'pass_id', detail: CART_MESSAGES.cartFull(MAX_CART_ITEMS) },
      ]);
    }
    const row = await insertCartItemRow(tx, {
      userId,
      kind: 'pass',
      passId: input.pass_id,
      numberOfAttendees: 1,
    });
    return { row, created: true };
  });
  const rows = await cartItemRowsOfUser(ctx.db, userId, [written.row.id]);
  const [item] = await pricedRows(ctx, userId, rows, ctx.now(), language);
  if (!item) throw notFound('Cart item');
  const parts = cartDocumentParts([item]);
  return {
    document: { ...parts, data: parts.data[0] as CartItemDocument['data'] },
    created: written.created,
  };
}

/** DELETE /api/v2/cart_items/{id}: removes one of the user's items (another user's is 404). */
export async function removeCartItem(ctx: CartContext, userId: number, id: number): Promise<void> {
  if (!(await deleteCartItemRowOfUser(ctx.db, userId, id))) throw notFound('Cart item');
}

/**
 * POST /api/v2/cart_items/merge (decision 028): a guest's local items join the user's cart in
 * one transaction, each as an addition of its schedule would (a later item of the same schedule
 * changes the earlier). Unlike an addition nothing is refused for being unbuyable: the item
 * joins and shows flagged, so the guest's choice is not lost. A schedule that no longer exists,
 * or offers no plan, is skipped; a plan no longer offered becomes the first one offered; add-ons
 * no longer offered are dropped; typed attendees become family members (reused when the name and
 * birthday match); items beyond MAX_CART_ITEMS are skipped. Answers the whole cart.
 */
export async function mergeGuestCart(
  ctx: CartContext,
  userId: number,
  params: MergeCartItem[],
  language: Language = DEFAULT_LANGUAGE,
): Promise<CartItemListDocument> {
  const at = ctx.now();
  await withOneRetry(ctx.db, async (tx) => {
    const schedules = await cartSchedulesByIds(
      { db: tx, urls: ctx.urls },
      params.map((p) => Number(p.klass_group_schedule_id)),
      at,
    );
    for (const p of params) {
      const schedule = schedules.get(Number(p.klass_group_schedule_id));
      const plan =
        schedule?.plans.find((candidate) => String(candidate.id) === p.plan_id) ??
        schedule?.plans[0];
      if (!schedule || !plan) continue;
      const offered = new Set(schedule.addons.map((a) => String(a.id)));
      const addonIds = [...new Set(p.addon_ids.filter((id) => offered.has(id)))].map(Number);
      const attendeeIds = [...new Set(await familyMembersFor(tx, userId, p.attendees))];
      await writeItem(tx, userId, {
        scheduleId: schedule.id,
        planId: plan.id,
        numberOfAttendees: attendeeIds.length > 0 ? attendeeIds.length : p.number_of_attendees,
        couponCode: p.coupon_code?.trim() || null,
        attendeeIds,
        addonIds,
      });
    }
  });
  return listCart(ctx, userId, language);
}

/**
 * A paid trial into the family's cart (docs/decisions/077-trial-classes.md), once the trials
 * module has checked it: the same class for the same child answers the item there; another class
 * of the same programme for that child replaces it (one trial per child per programme).
 */
export async function addTrialCartItem(
  db: Db,
  userId: number,
  trial: { klassId: number; attendeeProfileId: number; klassGroupId: number },
  programmeOf: (klassId: number) => Promise<number | undefined>,
): Promise<{ cartItemId: number }> {
  return withOneRetry(db, async (tx) => {
    const items = await trialCartItemsOfUser(tx, userId);
    const mine = items.filter((i) => i.attendeeProfileId === trial.attendeeProfileId);
    const same = mine.find((i) => i.klassId === trial.klassId);
    if (same) return { cartItemId: same.id };
    for (const other of mine) {
      if ((await programmeOf(other.klassId)) === trial.klassGroupId) {
        await deleteCartItemsOfUser(tx, userId, [other.id]);
      }
    }
    if ((await countCartItemsOfUser(tx, userId)) >= MAX_CART_ITEMS) {
      throw new ValidationError([
        { field: 'klass_id', detail: CART_MESSAGES.cartFull(MAX_CART_ITEMS) },
      ]);
    }
    const row = await insertCartItemRow(tx, {
      userId,
      kind: 'trial',
      klassId: trial.klassId,
      numberOfAttendees: 1,
    });
    await replaceAttendeeLinks(tx, row.id, [trial.attendeeProfileId]);
    return { cartItemId: row.id };
  });
}
