import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { images } from './media.tables';
import { filesOfImage } from './media-files';

/**
 * Deletes image rows inside the caller's transaction (photo-box photos of them cascade) and
 * returns the storage paths their files had: the caller removes those once the transaction has
 * committed, so a rollback never leaves rows pointing at missing files.
 */
export async function eraseImageRows(tx: Tx, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .delete(images)
    .where(inArray(images.id, ids))
    .returning({ key: images.key, originalKey: images.originalKey });
  return rows.flatMap(filesOfImage);
}
