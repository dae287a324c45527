import type { Db } from '../../db/client';
import { nextKlassTaughtBy } from '../classes';
import { userIdsByEmail } from '../users';
import { insertBox } from './photo-boxes.repository';
import { newBoxToken } from './photo-boxes.service';

const DEMO_TEACHER_EMAIL = 'teacher@atelier.test';
/** Open for a day: long enough to try the link after `npm start`, within PHOTO_BOX_MAX_HOURS. */
const DEMO_OPEN_HOURS = 24;

/**
 * One open photo box for the demo teacher's next session, so /photo_box shows a link and its QR
 * code right after `npm start` (docs/product.md#photo-box). Runs after the classes seed.
 */
export async function seedDemoPhotoBox(db: Db, now: Date = new Date()): Promise<void> {
  const teacher = (await userIdsByEmail(db, [DEMO_TEACHER_EMAIL])).get(DEMO_TEACHER_EMAIL);
  if (teacher === undefined) return;
  const klass = await nextKlassTaughtBy(db, teacher, now);
  if (!klass) return;
  await insertBox(db, {
    klassId: klass.id,
    openedById: teacher,
    token: newBoxToken(),
    closesAt: new Date(now.getTime() + DEMO_OPEN_HOURS * 3_600_000),
  });
}
