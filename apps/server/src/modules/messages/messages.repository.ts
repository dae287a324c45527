import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageRecipients, messages } from './messages.tables';

// Class messages' own tables (docs/product.md#class-messages). Who a schedule's families are and
// the lists, which name senders, schedules and sessions, are read models' queries the context
// carries (messages.context.ts); schedules and sessions to send about come from the classes module.

export async function insertMessage(
  db: Db,
  values: {
    senderId: number;
    audience: 'schedule' | 'klass' | 'users';
    scheduleId: number | null;
    klassId: number | null;
    title: string;
    body: string;
    at: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(messages)
    .values({
      senderId: values.senderId,
      audience: values.audience,
      scheduleId: values.scheduleId,
      klassId: values.klassId,
      title: values.title,
      body: values.body,
      createdAt: values.at,
    })
    .returning({ id: messages.id });
  if (!row) throw new Error('message not written');
  return row.id;
}

export async function insertRecipients(
  db: Db,
  messageId: number,
  recipientIds: number[],
  at: Date,
): Promise<void> {
  if (recipientIds.length === 0) return;
  await db
    .insert(messageRecipients)
    .values(recipientIds.map((recipientId) => ({ messageId, recipientId, createdAt: at })));
}

/**
 * Records that the recipient opened the message: the first time only (a later visit keeps the
 * first time). Answers their read time, or undefined when they are not a recipient.
 */
export async function markReadOnce(
  db: Db,
  messageId: number,
  recipientId: number,
  at: Date,
): Promise<Date | undefined> {
  const mine = and(
    eq(messageRecipients.messageId, messageId),
    eq(messageRecipients.recipientId, recipientId),
  );
  const [updated] = await db
    .update(messageRecipients)
    .set({ readAt: at })
    .where(and(mine, isNull(messageRecipients.readAt)))
    .returning({ readAt: messageRecipients.readAt });
  if (updated?.readAt) return updated.readAt;
  const [row] = await db
    .select({ readAt: messageRecipients.readAt })
    .from(messageRecipients)
    .where(mine);
  return row?.readAt ?? undefined;
}
