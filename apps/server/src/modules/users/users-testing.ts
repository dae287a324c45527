import type { Language, Role } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashPassword } from './passwords';
import { importSessionKey, signSessionToken } from './session-tokens';
import type { NewUserRow } from './users.repository';
import { users } from './users.tables';

// Test helpers of the users module, for any module's tests: only this module writes `users`.
// Session-token signing, for tests that need a token the app would not issue (one about to expire).
export { importSessionKey, signSessionToken };

export type NewTestUser = {
  email: string;
  password: string;
  name?: string;
  role?: Role;
  /** False leaves confirmed_at null: the account exists but its e-mail is unconfirmed. */
  confirmed?: boolean;
  /** 'en' unless given; null is an account with no language of its own yet. */
  locale?: Language | null;
};

// One real argon2id hash per distinct password, shared by every test user of this worker: each
// hash costs tens of milliseconds of CPU by design, and tests create hundreds of users.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/** The id of the account with this e-mail (a seeded one, say), or 0 when there is none. */
export async function userIdByEmail(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? 0;
}

/** Inserts a user for a test, with a real argon2id hash; returns its id. */
export async function insertTestUser(db: Db, user: NewTestUser): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      email: user.email,
      name: user.name ?? 'Test User',
      passwordHash: await hashOnce(user.password),
      role: user.role ?? 'student',
      timezone: 'America/New_York',
      locale: user.locale === undefined ? 'en' : user.locale,
      confirmedAt: user.confirmed === false ? null : new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Inserts user rows as given, in one statement, for tests that never sign in with a password
 * (they issue tokens with app.sessions); returns the new rows' ids, names and e-mails in order.
 */
export function insertUserRows(
  db: Db,
  rows: NewUserRow[],
): Promise<{ id: number; name: string; email: string }[]> {
  return db
    .insert(users)
    .values(rows)
    .returning({ id: users.id, name: users.name, email: users.email });
}

/** Sets an account's language, as its settings would: for tests of what reaches a family in it. */
export async function setTestUserLocale(db: Db, id: number, locale: Language): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, id));
}
