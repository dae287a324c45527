import type { Db, Tx } from '../../db/client';

/** Runs `work` in one transaction: the school's copy and the sender's confirmation go together. */
export function runInTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
