import type { Db } from '../../db/client';
import { enrollmentTransfers } from './transfers.tables';

export type TransferRow = typeof enrollmentTransfers.$inferSelect;
export type NewTransferRow = typeof enrollmentTransfers.$inferInsert;

export async function insertTransfer(db: Db, row: NewTransferRow): Promise<TransferRow> {
  const [made] = await db.insert(enrollmentTransfers).values(row).returning();
  if (!made) throw new Error('transfer not written');
  return made;
}
