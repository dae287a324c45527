import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartItemAddons, cartItemAttendeeProfiles, cartItems } from './cart.tables';

export type CartItemRow = typeof cartItems.$inferSelect;
export type NewCartItemRow = typeof cartItems.$inferInsert;
export type CartItemAddonRow = typeof cartItemAddons.$inferSelect;
/** An attendee link of an item: which attendee profile it books. */
export type CartItemAttendeeLinkRow = { id: number; cartItemId: number; attendeeProfileId: number };

// Reading attendee_profiles (id, owner, name, birthday) is the one place this module touches
// another module's table: the names come in the same statement as the links, and ownership is
// checked where the links are written. It writes nothing there.

/** A user's cart (or the items of it with these ids), oldest item first. */
export function cartItemRowsOfUser(db: Db, userId: number, ids?: number[]): Promise<CartItemRow[]> {
  return db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), ids ? inArray(cartItems.id, ids) : undefined))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** One item of a user's cart, locked until the transaction ends (concurrent edits queue). */
export async function lockCartItemRowOfUser(
  db: Db,
  userId: number,
  id: number,
): Promise<CartItemRow | undefined> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .for('update');
  return row;
}

export async function insertCartItemRow(db: Db, values: NewCartItemRow): Promise<CartItemRow> {
  const [row] = await db.insert(cartItems).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCartItemRow(
  db: Db,
  id: number,
  values: Partial<Pick<NewCartItemRow, 'numberOfAttendees' | 'couponCode' | 'planId'>>,
): Promise<void> {
  await db
    .update(cartItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cartItems.id, id));
}

/** The attendee links of many items, in one query. */
export function attendeeLinksOfItems(
  db: Db,
  itemIds: number[],
): Promise<CartItemAttendeeLinkRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: cartItemAttendeeProfiles.id,
      cartItemId: cartItemAttendeeProfiles.cartItemId,
      attendeeProfileId: cartItemAttendeeProfiles.attendeeProfileId,
    })
    .from(cartItemAttendeeProfiles)
    .where(inArray(cartItemAttendeeProfiles.cartItemId, itemIds))
    .orderBy(asc(cartItemAttendeeProfiles.id));
}

/** The add-on links of many items, in one query. */
export function addonLinksOfItems(db: Db, itemIds: number[]): Promise<CartItemAddonRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(cartItemAddons)
    .where(inArray(cartItemAddons.cartItemId, itemIds))
    .orderBy(asc(cartItemAddons.id));
}

export async function countAttendeeLinks(db: Db, itemId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cartItemAttendeeProfiles)
    .where(eq(cartItemAttendeeProfiles.cartItemId, itemId));
  return row?.n ?? 0;
}

/** Makes the item book exactly these attendees; links that stay keep their ids. */
export async function replaceAttendeeLinks(
  db: Db,
  itemId: number,
  attendeeProfileIds: number[],
): Promise<void> {
  const ofItem = eq(cartItemAttendeeProfiles.cartItemId, itemId);
  await db
    .delete(cartItemAttendeeProfiles)
    .where(
      attendeeProfileIds.length === 0
        ? ofItem
        : and(ofItem, notInArray(cartItemAttendeeProfiles.attendeeProfileId, attendeeProfileIds)),
    );
  if (attendeeProfileIds.length === 0) return;
  await db
    .insert(cartItemAttendeeProfiles)
    .values(
      attendeeProfileIds.map((attendeeProfileId) => ({ cartItemId: itemId, attendeeProfileId })),
    )
    .onConflictDoNothing();
}

/** Makes the item carry exactly these add-ons; links that stay keep their ids. */
export async function replaceAddonLinks(db: Db, itemId: number, addonIds: number[]): Promise<void> {
  const ofItem = eq(cartItemAddons.cartItemId, itemId);
  await db
    .delete(cartItemAddons)
    .where(
      addonIds.length === 0 ? ofItem : and(ofItem, notInArray(cartItemAddons.addonId, addonIds)),
    );
  if (addonIds.length === 0) return;
  await db
    .insert(cartItemAddons)
    .values(addonIds.map((addonId) => ({ cartItemId: itemId, addonId })))
    .onConflictDoNothing();
}

/** The item of a user's cart booking this schedule, locked until the transaction ends. */
export async function lockCartItemRowOfSchedule(
  db: Db,
  userId: number,
  scheduleId: number,
): Promise<CartItemRow | undefined> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.klassGroupScheduleId, scheduleId)))
    .for('update');
  return row;
}

/** How many items a user's cart holds. */
export async function countCartItemsOfUser(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}

/** Removes one item of a user's cart; false when the user has no such item. */
export async function deleteCartItemRowOfUser(
  db: Db,
  userId: number,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

// Checkout's writes (cart-checkout.ts): an order made of the items, or paid for their schedules.

export async function deleteCartItemsOfUser(
  db: Db,
  userId: number,
  itemIds: number[],
): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, itemIds)));
}

export async function deleteCartItemsOfSchedules(
  db: Db,
  userId: number,
  scheduleIds: number[],
): Promise<void> {
  if (scheduleIds.length === 0) return;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.klassGroupScheduleId, scheduleIds)));
}

export async function deleteCartItemsOfPasses(
  db: Db,
  userId: number,
  passIds: number[],
): Promise<void> {
  if (passIds.length === 0) return;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.passId, passIds)));
}

/** The pass item of a user's cart for this pass, if any. */
export async function cartItemRowOfPass(
  db: Db,
  userId: number,
  passId: number,
): Promise<CartItemRow | undefined> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.passId, passId)));
  return row;
}

/** Removes the user's trial items of these classes (paid for). */
export async function deleteCartItemsOfKlasses(
  db: Db,
  userId: number,
  klassIds: number[],
): Promise<void> {
  if (klassIds.length === 0) return;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.klassId, klassIds)));
}

/** The user's trial items with their one child each. */
export async function trialCartItemsOfUser(
  db: Db,
  userId: number,
): Promise<{ id: number; klassId: number; attendeeProfileId: number }[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      klassId: cartItems.klassId,
      attendeeProfileId: cartItemAttendeeProfiles.attendeeProfileId,
    })
    .from(cartItems)
    .innerJoin(cartItemAttendeeProfiles, eq(cartItemAttendeeProfiles.cartItemId, cartItems.id))
    .where(and(eq(cartItems.userId, userId), eq(cartItems.kind, 'trial')));
  return rows.flatMap((r) => (r.klassId === null ? [] : [{ ...r, klassId: r.klassId }]));
}
