import { GUEST_CART_DB_VERSION } from '@atelier/contract';
import type { Dexie, EntityTable } from 'dexie';

/** An attendee of a guest cart item (SPEC §3): a profile id when known, else name and birthday. */
export type GuestCartAttendee = {
  attendee_profile_id: string | null;
  birthday: string | null;
  name: string | null;
};

/** A guest's cart item, kept in the browser until the guest signs in or it expires (SPEC §3). */
export type GuestCartItem = {
  /** Auto-increment key, assigned by the database. */
  id: number;
  number_of_attendees: number;
  klass_group_schedule_id: string;
  coupon_code: string | null;
  attendees: GuestCartAttendee[];
  /** Chosen add-on ids. */
  cart_item_klass_group_schedule_addons: string[];
  /** ISO 8601 instant the item was put in the cart. */
  createdAt: string;
};

export type NewGuestCartItem = Omit<GuestCartItem, 'id' | 'createdAt'>;

/**
 * How long a guest cart item is kept (SPEC §5 leaves the length open). Seven days: long enough
 * to come back after a weekend, short enough that a stale booking (a term that has started, a
 * price that changed) is not silently carried into checkout.
 */
export const GUEST_CART_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type GuestCartDb = Dexie & { cartitems: EntityTable<GuestCartItem, 'id'> };

let db: Promise<GuestCartDb> | null = null;

/**
 * SPEC §3: database 'cart', version 1, table cartitems with an auto-increment id. Dexie is
 * imported on first use so it stays out of the JavaScript every first visit downloads.
 */
function guestCartDb(): Promise<GuestCartDb> {
  db ??= import('dexie').then(({ default: DexieClass }) => {
    const opened = new DexieClass('cart') as GuestCartDb;
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

/** The guest's items, oldest first; expired ones are deleted from the store on the way. */
export async function readGuestCartItems(now: Date = new Date()): Promise<GuestCartItem[]> {
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

export async function clearGuestCart(): Promise<void> {
  await (await guestCartDb()).cartitems.clear();
}
