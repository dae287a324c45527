import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  type AccountExportRow,
  accountDeletionRequests,
  accountExports,
} from './account-data.tables';

export type DbExecutor = Db | Tx;
export type { AccountExportRow };

export async function insertExport(db: Db, userId: number): Promise<AccountExportRow> {
  const [row] = await db.insert(accountExports).values({ userId }).returning();
  if (!row) throw new Error('account_exports insert returned no row');
  return row;
}

/**
 * Claims one due export job: SKIP LOCKED so two processes never take the same one, and its
 * `next_attempt_at` pushed a lease ahead so a process that dies mid-build leaves it to another.
 */
export async function claimDueExport(
  db: Db,
  now: Date,
  leaseMs: number,
): Promise<AccountExportRow | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: accountExports.id })
      .from(accountExports)
      .where(and(eq(accountExports.status, 'pending'), lte(accountExports.nextAttemptAt, now)))
      .orderBy(accountExports.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [row] = await tx
      .update(accountExports)
      .set({
        attempts: sql`${accountExports.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(eq(accountExports.id, due.id))
      .returning();
    return row;
  });
}

/** Marks a claimed job ready, in the transaction that queues its mail; false if it was not pending. */
export async function markExportReady(
  tx: Tx,
  id: number,
  values: { fileKey: string; tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(accountExports)
    .set({ status: 'ready', ...values, lastError: null })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'pending')))
    .returning({ id: accountExports.id });
  return rows.length > 0;
}

/** Records a failed attempt: tried again after `retryAt`, or given up on when `retryAt` is null. */
export async function markExportFailed(
  db: Db,
  id: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(accountExports)
    .set(
      retryAt
        ? { lastError: error, nextAttemptAt: retryAt }
        : { lastError: error, status: 'failed' },
    )
    .where(eq(accountExports.id, id));
}

export async function findExportByToken(
  db: Db,
  tokenHash: string,
): Promise<AccountExportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Ready exports whose link has run out, for the sweep to remove their files. */
export async function expiredExports(db: Db, now: Date): Promise<AccountExportRow[]> {
  return db
    .select()
    .from(accountExports)
    .where(
      and(
        eq(accountExports.status, 'ready'),
        isNotNull(accountExports.fileKey),
        lte(accountExports.expiresAt, now),
      ),
    )
    .limit(100);
}

export async function forgetExportFile(db: Db, id: number): Promise<void> {
  await db.update(accountExports).set({ fileKey: null }).where(eq(accountExports.id, id));
}

/** Deletes a family's export records, returning the files they kept. */
export async function eraseExports(tx: Tx, userId: number): Promise<string[]> {
  const rows = await tx
    .delete(accountExports)
    .where(eq(accountExports.userId, userId))
    .returning({ fileKey: accountExports.fileKey });
  return rows.flatMap((r) => (r.fileKey ? [r.fileKey] : []));
}

export async function insertDeletionRequest(
  tx: Tx,
  values: { userId: number; tokenHash: string; expiresAt: Date },
  at: Date,
): Promise<void> {
  // Only the newest link works: an older mail lying around deletes nothing.
  await tx
    .update(accountDeletionRequests)
    .set({ usedAt: at })
    .where(
      and(
        eq(accountDeletionRequests.userId, values.userId),
        isNull(accountDeletionRequests.usedAt),
      ),
    );
  await tx.insert(accountDeletionRequests).values(values);
}

/** A deletion request by its token's hash, locked until the transaction ends. */
export async function lockDeletionRequest(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(accountDeletionRequests)
    .where(eq(accountDeletionRequests.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row;
}

export async function markDeletionRequestUsed(tx: Tx, id: number, at: Date): Promise<void> {
  await tx
    .update(accountDeletionRequests)
    .set({ usedAt: at })
    .where(eq(accountDeletionRequests.id, id));
}
