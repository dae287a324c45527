import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * An uploaded artwork image (docs/architecture.md#images). The upload is kept as it came
 * (`original_key`, private storage) until the worker pool has re-encoded it: display and thumbnail
 * WebP (plus AVIF when smaller) under `key`, no metadata, and a tiny `placeholder` to paint first.
 * Jobs are the `pending` rows, claimed with SKIP LOCKED so any server process may run them.
 */
export const images = pgTable(
  'images',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** pending (waiting for the pool) → ready | failed (not a readable image). */
    status: text({ enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    /** The upload as received, private; removed once processed. */
    originalKey: text('original_key'),
    /** Base key of the processed files (`{key}.webp`, `{key}-thumb.webp`, `{key}.avif`). */
    key: text(),
    /** True when an AVIF display copy was kept because it is smaller than the WebP one. */
    hasAvif: boolean('has_avif').notNull().default(false),
    width: integer(),
    height: integer(),
    /** A data: URL of a few hundred bytes, blurred, shown while the image loads. */
    placeholder: text(),
    /** Attempts so far; a job that keeps failing is given up after a few. */
    attempts: integer().notNull().default(0),
    /** Set while a worker holds the job; a stale lock (crashed process) is taken over. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    processingMs: integer('processing_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`)],
);
