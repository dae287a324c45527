import type { Language } from '@atelier/contract';
import type { Db } from '../../db/client';
import { inLanguage } from '../../lib/translated-content';
import { scheduleTeacherIds } from '../classes';
import { instructorsAmong } from '../users';
import type { Instructor } from './instructors.page';

/**
 * The instructors as the page shows them, by name, each bio in `language` where its teacher wrote
 * one, else in English; `photoUrl` turns a stored avatar key into the URL of its square thumbnail
 * (the image store's, as the rest of the app shows avatars).
 */
export async function instructorsOfSchool(
  db: Db,
  language: Language,
  photoUrl: (avatarKey: string) => string,
): Promise<Instructor[]> {
  // Every teacher, and an admin who teaches a schedule: the users module's people, the classes
  // module's schedules, still one statement (docs/architecture.md#repository-layout-and-layers).
  const rows = await instructorsAmong(db, scheduleTeacherIds(db));
  return rows.map((row) => {
    // The same per-field fallback as the school's other texts (docs/architecture.md#translated-content);
    // a teacher with only a Japanese bio still shows it to Japanese readers.
    const { bio } = inLanguage({ bio: row.bio ?? '', translations: row.translations }, language, [
      'bio',
    ]);
    return {
      name: row.name,
      photoUrl: row.avatarKey ? photoUrl(row.avatarKey) : null,
      bio: bio === '' ? null : bio,
    };
  });
}
