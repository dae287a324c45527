import type { Db } from '../../db/client';
import type { Instructor } from './instructors.page';
import { listInstructors } from './instructors.repository';

/**
 * The instructors as the page shows them, by name; `photoUrl` turns a stored avatar key into the
 * URL of its square thumbnail (the image store's, as the rest of the app shows avatars).
 */
export async function instructorsOfSchool(
  db: Db,
  photoUrl: (avatarKey: string) => string,
): Promise<Instructor[]> {
  const rows = await listInstructors(db);
  return rows.map((row) => ({
    name: row.name,
    photoUrl: row.avatarKey ? photoUrl(row.avatarKey) : null,
    bio: row.bio,
  }));
}
