import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attendeeProfiles, users } from '../users/users.tables';
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

/** Seeds the demo walk-ins. Running it again changes nothing: a walk-in is found by name. */
export async function seedDemoGuestCustomers(db: Db): Promise<void> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@atelier.test'));
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
          createdById: admin?.id ?? null,
        })
        .returning({ id: guestCustomers.id });
      if (!guest) throw new Error('insert returned no row');
      await tx.insert(attendeeProfiles).values({ guestCustomerId: guest.id, ...demo.attendee });
    });
  }
}
