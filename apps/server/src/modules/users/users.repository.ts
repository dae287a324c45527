import { eq, getTableColumns, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { revokedTokens, users } from './users.tables';

/** The database, or an open transaction of the caller's. */
export type DbExecutor = Db | Tx;
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** A user as services pass it around: everything but the password hash. */

export type SessionUser = Omit<UserRow, 'passwordHash'>;

const { passwordHash: _passwordHash, ...sessionUserColumns } = getTableColumns(users);

export async function findUserByEmail(
  executor: DbExecutor,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(executor: DbExecutor, id: number): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * SQL for the family a user (the outer query's `userId` column) is an accepted second guardian
 * of, or null. The family module writes it (it owns the guardian links) and app.ts hands it to the
 * auth plugin, so the session lookup stays one statement per token.
 */
export type FamilyOfSql = (userId: SQLWrapper) => SQL<number | null>;

/**
 * Builds the one statement an authenticated request costs: the user and whether the token's jti
 * is revoked. Prepared once per database, so per request there is no query building.
 */
export function prepareSessionLookup(db: Db, familyOfSql?: FamilyOfSql) {
  const statement = db
    .select({
      user: sessionUserColumns,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')})`,
      // The family a second guardian acts for (decision 071), in the same statement.
      // Qualified by hand: drizzle writes a one-table select's columns without their table.
      familyId: familyOfSql
        ? familyOfSql(sql`${users}.${sql.identifier(users.id.name)}`)
        : sql<number | null>`null::integer`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('session_lookup');
  return async (
    userId: number,
    jti: string,
  ): Promise<{ user: SessionUser; revoked: boolean; familyId: number | null } | undefined> => {
    const [row] = await statement.execute({ userId, jti });
    return row && { ...row, familyId: row.familyId === null ? null : Number(row.familyId) };
  };
}

export async function insertRevokedToken(
  db: Db,
  token: { jti: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(revokedTokens).values(token).onConflictDoNothing();
}

/** Revocations of tokens that have expired anyway are dead weight. */
export async function deleteExpiredRevokedTokens(db: Db, now: Date): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
}

export async function setTokensValidAfter(db: Db, userId: number, instant: Date): Promise<void> {
  await db.update(users).set({ tokensValidAfter: instant }).where(eq(users.id, userId));
}

export async function insertUserRow(executor: DbExecutor, values: NewUserRow): Promise<UserRow> {
  const [row] = await executor.insert(users).values(values).returning();
  if (!row) throw new Error('users insert returned no row');
  return row;
}

export async function updateUserRow(
  executor: DbExecutor,
  userId: number,
  changes: Partial<NewUserRow>,
): Promise<UserRow | undefined> {
  const [row] = await executor.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

/** Sets the password hash; `confirm` also confirms a still unconfirmed address at `at`. */
export async function updatePasswordHash(
  executor: DbExecutor,
  userId: number,
  passwordHash: string,
  at: Date,
  confirm: boolean,
): Promise<void> {
  await executor
    .update(users)
    .set({
      passwordHash,
      updatedAt: at,
      ...(confirm
        ? { confirmedAt: sql`coalesce(${users.confirmedAt}, ${at.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(eq(users.id, userId));
}

/** The columns userResource reads, for a query that lists users as resources. */
export const userResourceColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  timezone: users.timezone,
  locale: users.locale,
  avatarKey: users.avatarKey,
};

export async function findUserRole(
  executor: DbExecutor,
  userId: number,
): Promise<UserRow['role'] | undefined> {
  const [row] = await executor.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

/** The users with these ids, as userResource reads them; ids with no user are absent. */
export async function findPeopleByIds(
  executor: DbExecutor,
  ids: readonly number[],
): Promise<Person[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return executor.select(userResourceColumns).from(users).where(inArray(users.id, unique));
}

/** A user as other modules see one: what userResource shows, no secrets. */
export type Person = Pick<
  SessionUser,
  'id' | 'name' | 'email' | 'role' | 'timezone' | 'locale' | 'avatarKey'
>;

/** Whether any account exists: an empty database is one the demo seed may fill. */
export async function anyUserExists(executor: DbExecutor): Promise<boolean> {
  const [row] = await executor.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/** The ids of the accounts with these addresses, by address; addresses with no account are absent. */
export async function findUserIdsByEmail(
  executor: DbExecutor,
  emails: readonly string[],
): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await executor
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...emails]));
  return new Map(rows.map((row) => [row.email, row.id]));
}
