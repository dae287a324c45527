import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addGuestAttendee, userIdsByEmail } from '../users';
import { guestCustomers } from './customers.tables';

/** The demo walk-ins (docs/product.md#customers), each with one attendee. */
export const DEMO_GUEST_CUSTOMERS = [
  {
    name: 'Hana Mori',
    email: 'hana.mori@example.com',
    phone: '+1 212 555 0142',
    attendee: { name: 'Ren Mori', birthday: '2016-04-09' },
  },
  {
    name: 'Walter Price',
    email: null,
    phone: '+1 646 555 0178',
    attendee: { name: 'Walter Price', birthday: null },
  },
] as const;

const DEMO_ADMIN = 'admin@atelier.test';

/**
 * Seeds the demo walk-ins, each with their attendee added as the desk adds one (the users module
 * owns attendee profiles). Running it again changes nothing: a walk-in is found by name.
 */
export async function seedDemoGuestCustomers(db: Db): Promise<void> {
  const adminId = (await userIdsByEmail(db, [DEMO_ADMIN])).get(DEMO_ADMIN) ?? null;
  for (const demo of DEMO_GUEST_CUSTOMERS) {
    const [existing] = await db
      .select({ id: guestCustomers.id })
      .from(guestCustomers)
      .where(eq(guestCustomers.name, demo.name));
    if (existing) continue;
    await db.transaction(async (tx) => {
      const [guest] = await tx
        .insert(guestCustomers)
        .values({
          name: demo.name,
          email: demo.email,
          phone: demo.phone,
          createdById: adminId,
        })
        .returning({ id: guestCustomers.id });
      if (!guest) throw new Error('insert returned no row');
      await addGuestAttendee(tx, { guestCustomerId: guest.id, ...demo.attendee });
    });
  }
}

/** The demo walk-ins' ids by name, for other modules' demo seeds (the oldest, should a name repeat). */
export async function demoGuestCustomerIds(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: guestCustomers.id, name: guestCustomers.name })
    .from(guestCustomers)
    .where(
      inArray(
        guestCustomers.name,
        DEMO_GUEST_CUSTOMERS.map((d) => d.name),
      ),
    )
    .orderBy(asc(guestCustomers.id));
  const ids = new Map<string, number>();
  for (const row of rows) if (!ids.has(row.name)) ids.set(row.name, row.id);
  return ids;
}
