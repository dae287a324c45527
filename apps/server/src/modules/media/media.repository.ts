import { eq, inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { images } from './media.tables';
import { artworkKeyOfFile } from './media-files';

export type ImageRow = typeof images.$inferSelect;

/** A claimed processing job: the image and how many attempts (this one included) it has had. */
export type ImageJob = { id: number; originalKey: string | null; attempts: number };

/** A job held longer than this was left by a process that died: another worker takes it over. */
export const STALE_LOCK_MS = 5 * 60_000;

export async function insertPendingImage(db: Db, originalKey: string): Promise<number> {
  const [row] = await db.insert(images).values({ originalKey }).returning({ id: images.id });
  if (!row) throw new Error('insert into images returned no row');
  return row.id;
}

export function selectImages(db: Db, ids: number[]): Promise<ImageRow[]> {
  return db.select().from(images).where(inArray(images.id, ids));
}

/**
 * Claims the oldest pending image nobody holds (or whose holder went quiet for STALE_LOCK_MS),
 * counting the attempt. `FOR UPDATE SKIP LOCKED` lets any number of workers, in any number of
 * processes, claim side by side without taking the same job (PGlite runs it too).
 */
export async function claimPendingImage(db: Db, now: Date = new Date()): Promise<ImageJob | null> {
  const staleBefore = new Date(now.getTime() - STALE_LOCK_MS).toISOString();
  const result = await db.execute<{
    id: number;
    original_key: string | null;
    attempts: number;
  }>(sql`
    UPDATE images SET locked_at = ${now.toISOString()}, attempts = attempts + 1, updated_at = ${now.toISOString()}
    WHERE id = (
      SELECT id FROM images
      WHERE status = 'pending' AND (locked_at IS NULL OR locked_at < ${staleBefore})
      ORDER BY created_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, original_key, attempts`);
  const row = (
    result as unknown as { rows: { id: number; original_key: string | null; attempts: number }[] }
  ).rows[0];
  return row ? { id: row.id, originalKey: row.original_key, attempts: row.attempts } : null;
}

export type ProcessedImage = {
  key: string;
  hasAvif: boolean;
  width: number;
  height: number;
  placeholder: string;
  processingMs: number;
};

/** Records a finished job; false when the image was deleted meanwhile (its files must go too). */
export async function markImageReady(db: Db, id: number, done: ProcessedImage): Promise<boolean> {
  const rows = await db
    .update(images)
    .set({
      ...done,
      status: 'ready',
      originalKey: null,
      lockedAt: null,
      updatedAt: sql`now()`,
    })
    .where(sql`${images.id} = ${id} AND ${images.status} = 'pending'`)
    .returning({ id: images.id });
  return rows.length > 0;
}

export async function markImageFailed(db: Db, id: number): Promise<void> {
  await db
    .update(images)
    .set({ status: 'failed', originalKey: null, lockedAt: null, updatedAt: sql`now()` })
    .where(sql`${images.id} = ${id}`);
}

/** Hands a job back for a later attempt (a storage hiccup, the pool stopping). */
export async function releaseImage(db: Db, id: number): Promise<void> {
  await db
    .update(images)
    .set({ lockedAt: null, updatedAt: sql`now()` })
    .where(sql`${images.id} = ${id} AND ${images.status} = 'pending'`);
}

/** Deletes the rows of `ids`, returning them so their files can be removed. */
export function deleteImageRows(db: Db, ids: number[]): Promise<ImageRow[]> {
  return db.delete(images).where(inArray(images.id, ids)).returning();
}

/** Whether a job is waiting that a worker could claim now. */
export async function hasClaimableImage(db: Db, now: Date = new Date()): Promise<boolean> {
  const staleBefore = new Date(now.getTime() - STALE_LOCK_MS);
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(
      sql`${images.status} = 'pending' AND (${images.lockedAt} IS NULL OR ${images.lockedAt} < ${staleBefore.toISOString()})`,
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The ids of the processed images, as a subquery another module embeds in its own statement (the
 * public gallery shows a post only once one of its pictures is ready).
 */
export function readyImageIdsQuery() {
  return new QueryBuilder()
    .select({ id: images.id })
    .from(images)
    .where(eq(images.status, 'ready'));
}

/**
 * The id of the image a processed file belongs to (display, AVIF or thumbnail), as a subquery:
 * the gallery asks at request time whether a shared address may still serve it.
 */
export function imageIdsOfFileQuery(path: string) {
  return new QueryBuilder()
    .select({ id: images.id })
    .from(images)
    .where(eq(images.key, artworkKeyOfFile(path)));
}
