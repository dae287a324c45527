import { eq } from 'drizzle-orm';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { type Person, person } from '../classes/classes-testing';
import { users } from '../users/users.tables';
import { familyGuardians } from './family.tables';

/**
 * A new account that is already `holder`'s accepted second guardian (decision 071), written
 * straight to the table: for tests of what a guardian does, not of inviting one.
 */
export async function acceptedGuardian(
  t: TestApp,
  holder: { id: number },
  name: string,
): Promise<Person> {
  const guardian = await person(t, 'student', name);
  const [row] = await t.database.db.select().from(users).where(eq(users.id, guardian.id));
  await t.database.db.insert(familyGuardians).values({
    familyUserId: holder.id,
    email: row?.email ?? '',
    guardianUserId: guardian.id,
    tokenHash: `accepted-${guardian.id}`,
    invitedAt: new Date(),
    acceptedAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return guardian;
}
