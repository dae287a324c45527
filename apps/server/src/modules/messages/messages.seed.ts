import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userIdsByEmail } from '../users';
import { insertMessage, insertRecipients } from './messages.repository';
import { messageRecipients, messages } from './messages.tables';

const DAY = 24 * 60 * 60_000;

/**
 * The demo teacher's two class messages (docs/product.md#class-messages): one the demo student
 * has read, one the demo parent has not. They are the messages 1 and 2 the demo notifications
 * point at (notifications.seed.ts), so they are written first, into an empty table; anything
 * already there means they were seeded.
 */
export async function seedDemoMessages(db: Db, now: Date = new Date()): Promise<void> {
  const [existing] = await db.select({ id: messages.id }).from(messages).limit(1);
  if (existing) return;
  const ids = await userIdsByEmail(db, [
    'teacher@atelier.test',
    'student@atelier.test',
    'parent@atelier.test',
  ]);
  const idOf = (email: string) => ids.get(email);
  const teacher = idOf('teacher@atelier.test');
  const student = idOf('student@atelier.test');
  const parent = idOf('parent@atelier.test');
  if (!teacher || !student || !parent) return;
  const ago = (ms: number) => new Date(now.getTime() - ms);

  const demo = [
    {
      to: student,
      title: 'Bring a sketchbook',
      body: 'Please bring a sketchbook and a 2B pencil to Saturday’s class.',
      at: ago(3 * DAY),
      readAt: ago(2 * DAY),
    },
    {
      to: parent,
      title: 'No class next Monday',
      body: 'No class next Monday: the studio is closed for the holiday.\n\nSee you the week after!',
      at: ago(1 * DAY),
      readAt: null,
    },
  ];
  await db.transaction(async (tx) => {
    for (const m of demo) {
      const id = await insertMessage(tx, {
        senderId: teacher,
        audience: 'users',
        scheduleId: null,
        klassId: null,
        title: m.title,
        body: m.body,
        at: m.at,
      });
      await insertRecipients(tx, id, [m.to], m.at);
      if (m.readAt) {
        await tx
          .update(messageRecipients)
          .set({ readAt: m.readAt })
          .where(and(eq(messageRecipients.messageId, id), eq(messageRecipients.recipientId, m.to)));
      }
    }
  });
}
