import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications } from './notifications.tables';

/** A deleting family's notifications (their titles may name a child). */
export async function eraseNotificationsOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.recipientId, userId));
}
