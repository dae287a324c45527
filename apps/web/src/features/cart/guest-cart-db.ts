import { GUEST_CART_DB_VERSION } from '@atelier/contract';
import type { Dexie, EntityTable } from 'dexie';

/** An attendee of a guest cart item (docs/product.md#data-the-client-sees): a profile id when known, else name and birthday. */
export type GuestCartAttendee = {
  attendee_profile_id: string | null;
  birthday: string | null;
  name: string | null;
};

/** A guest's cart item, kept in the browser until the guest signs in or it expires (docs/product.md#data-the-client-sees). */
export type GuestCartItem = {
  /** Auto-increment key, assigned by the database. */
  id: number;
  number_of_attendees: number;
  klass_group_schedule_id: string;
  /**
   * The plan chosen at /book_class. Not indexed, so version 1 stays: items stored before it was
   * recorded have none and are priced with the schedule's first plan.
   */
  plan_id?: string | null;
  coupon_code: string | null;
  attendees: GuestCartAttendee[];
  /** Chosen add-on ids. */
  cart_item_klass_group_schedule_addons: string[];
  /** ISO 8601 instant the item was put in the cart. */
  createdAt: string;
};

export type NewGuestCartItem = Omit<GuestCartItem, 'id' | 'createdAt'>;

/**
 * How long a guest cart item is kept (docs/product.md#validation leaves the length open). Seven days: long enough
 * to come back after a weekend, short enough that a stale booking (a term that has started, a
 * price that changed) is not silently carried into checkout.
 */
export const GUEST_CART_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type GuestCartDb = Dexie & { cartitems: EntityTable<GuestCartItem, 'id'> };

/** docs/product.md#data-the-client-sees's IndexedDB database name. */
export const GUEST_CART_DB_NAME = 'cart';

let db: Promise<GuestCartDb> | null = null;

/**
 * Whether this browser may hold a guest cart. A first-time visitor has no 'cart' database, and
 * finding that out through `indexedDB.databases()` costs nothing, while opening it needs Dexie
 * (about 30 KB gzip) and would create the database. Where the list is unavailable (older
 * browsers) or fails, the answer is "maybe", so a guest with local items still gets them priced.
 */
export async function guestCartDbMayExist(): Promise<boolean> {
  if (db) return true;
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    return databases.some((info) => info.name === GUEST_CART_DB_NAME);
  } catch {
    return true;
  }
}

/**
 * docs/product.md#data-the-client-sees: database 'cart', version 1, table cartitems with an auto-increment id. Dexie is
 * imported on first use so it stays out of the JavaScript every first visit downloads.
 */
function guestCartDb(): Promise<GuestCartDb> {
  db ??= import('dexie').then(({ default: DexieClass }) => {
    const opened = new DexieClass(GUEST_CART_DB_NAME) as GuestCartDb;
    opened.version(GUEST_CART_DB_VERSION).stores({ cartitems: '++id' });
    return opened;
  });
  // A failed chunk load must not poison every later attempt.
  db.catch(() => {
    db = null;
  });
  return db;
}

export function isGuestCartItemExpired(item: GuestCartItem, now: Date): boolean {
  const createdAt = Date.parse(item.createdAt);
  // An unreadable date cannot prove the item is fresh.
  return Number.isNaN(createdAt) || now.getTime() - createdAt > GUEST_CART_TTL_MS;
}

/**
 * The guest's items, oldest first; expired ones are deleted from the store on the way. Without a
 * guest cart database there are none, and Dexie is not loaded (the start-up cart load of every
 * guest's first visit ends here).
 */
export async function readGuestCartItems(now: Date = new Date()): Promise<GuestCartItem[]> {
  if (!(await guestCartDbMayExist())) return [];
  const table = (await guestCartDb()).cartitems;
  const all = await table.toArray();
  const expired = all.filter((item) => isGuestCartItemExpired(item, now));
  if (expired.length > 0) await table.bulkDelete(expired.map((item) => item.id));
  return all.filter((item) => !isGuestCartItemExpired(item, now));
}

export async function addGuestCartItem(
  item: NewGuestCartItem,
  now: Date = new Date(),
): Promise<GuestCartItem> {
  const record = { ...item, createdAt: now.toISOString() };
  const id = await (await guestCartDb()).cartitems.add(record);
  return { ...record, id };
}

/** Changes an item's fields; its createdAt (and so its expiry) stays. */
export async function updateGuestCartItem(
  id: number,
  changes: Partial<NewGuestCartItem>,
): Promise<void> {
  await (await guestCartDb()).cartitems.update(id, changes);
}

export async function removeGuestCartItem(id: number): Promise<void> {
  await (await guestCartDb()).cartitems.delete(id);
}

/**
 * Removes these items (the ones a merge into the server cart took). When none is left the
 * database goes too, so a signed-in visit no longer loads Dexie to find an empty table.
 */
export async function removeGuestCartItems(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const opened = await guestCartDb();
  await opened.cartitems.bulkDelete(ids);
  if ((await opened.cartitems.count()) > 0) return;
  opened.close();
  db = null;
  await opened.delete();
}

export async function clearGuestCart(): Promise<void> {
  await (await guestCartDb()).cartitems.clear();
}
