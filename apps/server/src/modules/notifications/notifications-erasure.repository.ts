import { eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications } from './notifications.tables';

/**
 * A deleting family's notifications (their titles name a child), and those their own comments
 * sent to others (which quote the family's name and words).
 */
export async function eraseNotificationsOf(tx: Tx, userId: number): Promise<void> {
  await tx
    .delete(notifications)
    .where(or(eq(notifications.recipientId, userId), eq(notifications.senderId, userId)));
}
