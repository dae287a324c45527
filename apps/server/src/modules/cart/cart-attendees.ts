import type { Db } from '../../db/client';
import { type AttendeeFacts, attendeesByIds } from '../users';
import type { CartItemAttendeeLinkRow } from './cart.repository';

// Attendee profiles are the users module's rows: the cart asks it for the ones its items and
// requests name, one query for the whole set (docs/architecture.md#repository-layout-and-layers).

/** An attendee link with what the cart shows of the attendee. */
export type CartItemAttendeeRow = {
  id: number;
  cartItemId: number;
  attendee: { id: number; name: string; birthday: string | null };
};

/** The links with their attendees, in the links' order; a link whose profile is gone is left out. */
export async function withAttendees(
  db: Db,
  links: CartItemAttendeeLinkRow[],
): Promise<CartItemAttendeeRow[]> {
  if (links.length === 0) return [];
  const attendees = new Map(
    (
      await attendeesByIds(
        db,
        links.map((link) => link.attendeeProfileId),
      )
    ).map((a) => [a.id, a]),
  );
  return links.flatMap((link) => {
    const attendee = attendees.get(link.attendeeProfileId);
    if (!attendee) return [];
    const { id, name, birthday } = attendee;
    return [{ id: link.id, cartItemId: link.cartItemId, attendee: { id, name, birthday } }];
  });
}

/** The user's family members among `ids` (the others are someone else's, or nobody's). */
export async function familyAttendeesAmong(
  db: Db,
  userId: number,
  ids: number[],
): Promise<AttendeeFacts[]> {
  if (ids.length === 0) return [];
  return (await attendeesByIds(db, ids)).filter((a) => a.userId === userId);
}
