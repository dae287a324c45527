import { CLASSES_API } from '@atelier/contract';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { giveEmergencyContacts } from '../child-care/child-care-testing';
import { as, type Person } from '../classes/classes-testing';
import { attendeeProfiles } from '../users/users.tables';
import { insertCartItemRow, replaceAddonLinks, replaceAttendeeLinks } from './cart.repository';

// Commerce adds "add to cart"; until then tests put items in a cart through the repository.

/**
 * For hooks and tests that build programmes through the API: on a machine shared by many test
 * runs these take seconds, far from the 10 s default, without anything being wrong.
 */
export const SETUP_TIMEOUT_MS = 60_000;

export type NewTestCartItem = {
  scheduleId: number | string;
  planId: number | string;
  numberOfAttendees?: number;
  couponCode?: string | null;
  attendeeIds?: number[];
  addonIds?: (number | string)[];
};

/** Puts an item in the user's cart; returns its id. */
export async function addToCart(t: TestApp, userId: number, item: NewTestCartItem) {
  const db = t.database.db;
  const row = await insertCartItemRow(db, {
    userId,
    klassGroupScheduleId: Number(item.scheduleId),
    planId: Number(item.planId),
    numberOfAttendees: item.numberOfAttendees ?? item.attendeeIds?.length ?? 1,
    couponCode: item.couponCode ?? null,
  });
  if (item.attendeeIds) await replaceAttendeeLinks(db, row.id, item.attendeeIds);
  if (item.addonIds) await replaceAddonLinks(db, row.id, item.addonIds.map(Number));
  return row.id;
}

/** Adds an add-on to a schedule through the admin API; returns its id. */
export async function addAddon(
  t: TestApp,
  admin: Person,
  scheduleId: number | string,
  name: string,
  price: number,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: CLASSES_API.scheduleAddons(scheduleId),
    headers: as(admin),
    payload: { addon: { name, price } },
  });
  if (res.statusCode !== 201) throw new Error(`addon: ${res.body}`);
  return res.json().data.id;
}

/** Adds a family member to a user's account; returns the attendee profile id. */
export async function addAttendee(
  t: TestApp,
  userId: number,
  name: string,
  birthday: string | null = null,
): Promise<number> {
  const [row] = await t.database.db
    .insert(attendeeProfiles)
    .values({ userId, name, birthday })
    .returning({ id: attendeeProfiles.id });
  if (!row) throw new Error('no attendee');
  // Ready to book: checkout asks each child's emergency contact (docs/product.md#the-childs-card).
  await giveEmergencyContacts(t.database.db, [row.id]);
  return row.id;
}
