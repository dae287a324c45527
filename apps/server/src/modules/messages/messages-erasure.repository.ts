import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { messageRecipients, messages } from './messages.tables';

/**
 * A deleting family's messages: what they were sent (their copies and read receipts) and anything
 * they sent themselves.
 */
export async function eraseMessagesOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(messageRecipients).where(eq(messageRecipients.recipientId, userId));
  await tx.delete(messages).where(eq(messages.senderId, userId));
}
