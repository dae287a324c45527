import type { Db } from '../../db/client';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { userIdsByEmail } from '../users';
import type { NewNotificationRow } from './notifications.repository';
import { notifications } from './notifications.tables';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A few notifications for the demo student and parent, so the top bar's unread badge and the
 * notifications dialog have something to show right after `npm start`. The records they point at
 * are illustrative: the pages they open (docs/product.md#routes-and-screens) do not need them to exist.
 * Those of class messages read as the messages module words them (`New message: {title}`), about
 * the messages seeded beside them: no name other than the demo's own appears.
 */
export async function seedDemoNotifications(db: Db, now: Date = new Date()): Promise<void> {
  const byEmail = await userIdsByEmail(
    db,
    DEMO_ACCOUNTS.map((a) => a.email),
  );
  const teacher = byEmail.get('teacher@atelier.test');
  const student = byEmail.get('student@atelier.test');
  const parent = byEmail.get('parent@atelier.test');
  if (!teacher || !student || !parent) return;
  const ago = (ms: number) => new Date(now.getTime() - ms);

  const demo: NewNotificationRow[] = [
    {
      recipientId: student,
      senderId: teacher,
      title: 'New feedback on your artwork',
      content: 'Theo Teacher: Lovely use of negative space in the still life. Try a softer pencil.',
      recordType: 'feedbacks',
      recordId: 1,
      createdAt: ago(5 * MINUTE),
    },
    {
      recipientId: student,
      senderId: parent,
      title: 'New comment on your post',
      content: 'Pat Parent: The colours in this one are wonderful!',
      recordType: 'comments',
      recordId: 1,
      createdAt: ago(2 * HOUR),
    },
    {
      recipientId: student,
      senderId: teacher,
      title: 'New message: Bring a sketchbook',
      content: 'Please bring a sketchbook and a 2B pencil to Saturday’s class.',
      recordType: 'messages',
      recordId: 1,
      createdAt: ago(3 * DAY),
      readAt: ago(2 * DAY),
    },
    {
      recipientId: parent,
      senderId: teacher,
      title: 'New artwork in your gallery',
      content: 'Theo Teacher added a photo of Mia’s painting from today’s class.',
      recordType: 'posts',
      recordId: 2,
      createdAt: ago(30 * MINUTE),
    },
    {
      recipientId: parent,
      senderId: teacher,
      title: 'New message: No class next Monday',
      content:
        'No class next Monday: the studio is closed for the holiday. See you the week after!',
      recordType: 'messages',
      recordId: 2,
      createdAt: ago(1 * DAY),
    },
  ];
  await db.insert(notifications).values(demo);
}
