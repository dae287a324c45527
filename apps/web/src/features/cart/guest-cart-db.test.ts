import Dexie from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addGuestCartItem,
  clearGuestCart,
  GUEST_CART_TTL_MS,
  type NewGuestCartItem,
  readGuestCartItems,
  removeGuestCartItem,
  updateGuestCartItem,
} from './guest-cart-db';

afterEach(async () => {
  await clearGuestCart();
});

const item: NewGuestCartItem = {
  number_of_attendees: 2,
  klass_group_schedule_id: '31',
  coupon_code: null,
  attendees: [
    { attendee_profile_id: null, birthday: '2015-04-01', name: 'Kid' },
    { attendee_profile_id: null, birthday: '2017-05-02', name: 'Sibling' },
  ],
  cart_item_klass_group_schedule_addons: ['5'],
};

describe('guest cart database (docs/product.md#data-the-client-sees)', () => {
  it("is the database 'cart', version 1, table cartitems keyed by an auto-increment id", async () => {
    await addGuestCartItem(item);
    const db = new Dexie('cart');
    await db.open();
    try {
      expect(db.verno).toBe(1);
      const table = db.table('cartitems');
      expect(table.schema.primKey.auto).toBe(true);
      expect(table.schema.primKey.keyPath).toBe('id');
    } finally {
      db.close();
    }
  });

  it('stores items with increasing ids and a createdAt, and reads them back', async () => {
    const now = new Date('2024-03-15T12:00:00Z');
    const first = await addGuestCartItem(item, now);
    const second = await addGuestCartItem({ ...item, klass_group_schedule_id: '32' }, now);
    expect(second.id).toBeGreaterThan(first.id);
    expect(first.createdAt).toBe('2024-03-15T12:00:00.000Z');
    expect(await readGuestCartItems(now)).toEqual([first, second]);
  });

  it('deletes expired items from the store when reading (kept 7 days)', async () => {
    const start = new Date('2024-03-01T00:00:00Z');
    const old = await addGuestCartItem(item, start);
    const fresh = await addGuestCartItem(item, new Date(start.getTime() + 1000));
    const atLimit = new Date(start.getTime() + GUEST_CART_TTL_MS);
    expect(await readGuestCartItems(atLimit)).toEqual([old, fresh]);
    const past = new Date(atLimit.getTime() + 1);
    expect(await readGuestCartItems(past)).toEqual([fresh]);
    // Gone from the store, not only filtered: reading at an earlier time does not bring it back.
    expect(await readGuestCartItems(start)).toEqual([fresh]);
  });

  it('updates and removes items', async () => {
    const now = new Date();
    const stored = await addGuestCartItem(item, now);
    await updateGuestCartItem(stored.id, { number_of_attendees: 1, coupon_code: 'SPRING' });
    expect((await readGuestCartItems(now))[0]).toMatchObject({
      number_of_attendees: 1,
      coupon_code: 'SPRING',
      createdAt: stored.createdAt,
    });
    await removeGuestCartItem(stored.id);
    expect(await readGuestCartItems(now)).toEqual([]);
  });
});

// A fresh module and a fresh IndexedDB per test: the module keeps its opened database, and the
// shared fake IndexedDB above already holds a 'cart' database. Dexie keeps the IndexedDB it found
// when first imported, so it is pointed at the fresh one too.
describe('reading the guest cart of a first-time visitor', () => {
  const sharedIndexedDb = globalThis.indexedDB;
  let dexieLoaded: boolean;

  async function freshModule(factory: IDBFactory) {
    globalThis.indexedDB = factory;
    Dexie.dependencies.indexedDB = factory;
    vi.resetModules();
    dexieLoaded = false;
    vi.doMock('dexie', async (importOriginal) => {
      dexieLoaded = true;
      return importOriginal();
    });
    return import('./guest-cart-db');
  }

  afterEach(() => {
    vi.doUnmock('dexie');
    globalThis.indexedDB = sharedIndexedDb;
    Dexie.dependencies.indexedDB = sharedIndexedDb;
  });

  it('finds no items, loads no Dexie and creates no database when there is none', async () => {
    const factory = new IDBFactory();
    const fresh = await freshModule(factory);
    expect(await fresh.readGuestCartItems()).toEqual([]);
    expect(dexieLoaded).toBe(false);
    expect(await factory.databases()).toEqual([]);
  });

  it("reads the items when the 'cart' database exists", async () => {
    const factory = new IDBFactory();
    const writer = await freshModule(factory);
    const stored = await writer.addGuestCartItem(item);
    const reader = await freshModule(factory);
    expect(await reader.readGuestCartItems()).toEqual([stored]);
    expect(dexieLoaded).toBe(true);
  });

  it('opens the database when the browser cannot list databases', async () => {
    const factory = new IDBFactory();
    const writer = await freshModule(factory);
    const stored = await writer.addGuestCartItem(item);
    Object.defineProperty(factory, 'databases', { value: undefined });
    const reader = await freshModule(factory);
    expect(await reader.readGuestCartItems()).toEqual([stored]);
  });
});
