import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { attendeeProfiles, users } from './users.tables';

/** The ids of a family's attendee profiles (the holder and the children), locked until commit. */
export async function attendeeIdsForErasure(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: attendeeProfiles.id })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.userId, userId))
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Deletes a family's attendee profiles. Everything hanging off a profile goes with it through
 * ON DELETE CASCADE (attendance, gallery posts, cart attendees, and any later table that refers to
 * attendee_profiles the same way). Call after the orders and enrollments modules have let go of
 * them (their keys refuse the delete otherwise).
 */
export async function eraseAttendeeProfiles(tx: Tx, userId: number): Promise<void> {
  await tx.delete(attendeeProfiles).where(eq(attendeeProfiles.userId, userId));
}

/**
 * Keeps a deleted family's user row for the orders and ledger entries that refer to it, with
 * nothing left that names them: `name` is "Deleted family #id", the address is one that cannot
 * receive mail (so the real one can register again), the password hash verifies nothing, and every
 * token issued so far is refused.
 */
export async function anonymiseUserRow(
  tx: Tx,
  userId: number,
  values: { name: string; email: string; at: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      name: values.name,
      email: values.email,
      // Not an argon2 hash: verifyPassword answers false for it, so nobody signs in.
      passwordHash: '!deleted',
      timezone: null,
      locale: null,
      avatarKey: null,
      bio: null,
      translations: {},
      confirmedAt: null,
      tokensValidAfter: values.at,
      updatedAt: values.at,
    })
    .where(eq(users.id, userId));
}
