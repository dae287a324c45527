import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarFeeds } from './calendar.tables';

export type FeedRow = typeof calendarFeeds.$inferSelect;

export async function findFeedRow(db: Db, userId: number): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

/** Creates the user's feed or replaces its token (the old one stops working at once). */
export async function upsertFeedRow(
  db: Db,
  feed: { userId: number; nonce: string; tokenHash: string },
): Promise<FeedRow> {
  const now = new Date();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ ...feed, createdAt: now })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { nonce: feed.nonce, tokenHash: feed.tokenHash, createdAt: now, lastFetchedAt: null },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function deleteFeedRow(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The owner of a feed token (by its hash). */
export async function findFeedOwner(
  db: Db,
  tokenHash: string,
): Promise<{ userId: number } | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}

export async function touchFeedRow(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(calendarFeeds).set({ lastFetchedAt: at }).where(eq(calendarFeeds.userId, userId));
}
