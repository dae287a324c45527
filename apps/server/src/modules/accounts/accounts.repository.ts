import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  type AccountTokenPurpose,
  type AccountTokenRow,
  accountTokens,
  type RegistrationData,
} from './accounts.tables';

export type { AccountTokenPurpose, AccountTokenRow, RegistrationData } from './accounts.tables';

/** The database, or an open transaction. */
export type DbExecutor = Db | Tx;

export function runInTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

export async function insertAccountToken(
  tx: Tx,
  token: {
    userId: number;
    purpose: AccountTokenPurpose;
    tokenHash: string;
    email: string;
    expiresAt: Date;
    redirect?: string | null;
    registration?: RegistrationData | null;
  },
): Promise<void> {
  await tx.insert(accountTokens).values(token);
}

/**
 * A token by its hash and purpose. `lock` takes a row lock on the token until the transaction
 * ends, so two requests with the same link cannot both use it.
 */
export async function findToken(
  executor: DbExecutor,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  options: { lock?: boolean } = {},
): Promise<AccountTokenRow | undefined> {
  const query = executor
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function markTokenUsed(tx: Tx, tokenId: number, at: Date): Promise<void> {
  await tx.update(accountTokens).set({ usedAt: at }).where(eq(accountTokens.id, tokenId));
}

/** Retires every unused token of `purpose` for the user: only the newest link may work. */
export async function retireUnusedTokens(
  tx: Tx,
  userId: number,
  purpose: AccountTokenPurpose,
  at: Date,
  exceptId?: number,
): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        exceptId === undefined ? undefined : ne(accountTokens.id, exceptId),
      ),
    );
}

/** The newest confirmation token of a user: a resent link carries its registration forward. */
export async function findLatestToken(
  executor: DbExecutor,
  userId: number,
  purpose: AccountTokenPurpose,
): Promise<AccountTokenRow | undefined> {
  const [row] = await executor
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
    .orderBy(sql`${accountTokens.id} desc`)
    .limit(1);
  return row;
}

/** Removes every mailed-link token of a deleting family (their addresses are in them). */
export async function eraseAccountTokens(tx: Tx, userId: number): Promise<void> {
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
}
