import type { Db } from '../../db/client';
import { scheduleTeacherIds } from '../classes';
import { instructorsAmong } from '../users';
import type { Instructor } from './instructors.page';

/**
 * The instructors as the page shows them, by name; `photoUrl` turns a stored avatar key into the
 * URL of its square thumbnail (the image store's, as the rest of the app shows avatars).
 */
export async function instructorsOfSchool(
  db: Db,
  photoUrl: (avatarKey: string) => string,
): Promise<Instructor[]> {
  // Every teacher, and an admin who teaches a schedule: the users module's people, the classes
  // module's schedules, still one statement (docs/architecture.md#repository-layout-and-layers).
  const rows = await instructorsAmong(db, scheduleTeacherIds(db));
  return rows.map((row) => ({
    name: row.name,
    photoUrl: row.avatarKey ? photoUrl(row.avatarKey) : null,
    bio: row.bio,
  }));
}
