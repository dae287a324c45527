import type { Db } from '../../db/client';
import { guestCustomerContact } from '../customers';
import { peopleByIds } from '../users';

// Who an order's receipt and notice go to: the account (the users module's people) or a walk-in
// (the customers module's), asked of the modules that own them.

export type Buyer = { email: string; name: string; locale: 'en' | 'ja' | null };

/** The account's name, e-mail and language. Takes the caller's transaction where it runs in one. */
export async function buyerOf(db: Db, userId: number): Promise<Buyer | undefined> {
  const person = (await peopleByIds(db, [userId])).get(userId);
  return person ? { email: person.email, name: person.name, locale: person.locale } : undefined;
}

/**
 * Who a receipt goes to: the account, or a walk-in's e-mail when the order has no account
 * (docs/product.md#customers); undefined when a walk-in gave no e-mail.
 */
export async function buyerOfOrder(
  db: Db,
  order: { userId: number | null; guestCustomerId: number | null },
): Promise<Buyer | undefined> {
  if (order.userId !== null) return buyerOf(db, order.userId);
  if (order.guestCustomerId === null) return undefined;
  const guest = await guestCustomerContact(db, order.guestCustomerId);
  return guest?.email ? { email: guest.email, name: guest.name, locale: null } : undefined;
}
