import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { klasses } from '../classes/classes.tables';
import {
  as,
  type Cast,
  enroll,
  type Person,
  person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { images } from '../media/media.tables';
import { attendeeProfiles } from '../users/users.tables';
import { insertUserRows } from '../users/users-testing';
import { insertPost } from './posts.repository';

// Builders for the gallery's tests: families with children, schedules, and posts written
// straight to the tables (fast) or through the API (multipart, real images).

export const auth = as;

/** A family account with children, each with a gallery visibility. */
export async function family(
  t: TestApp,
  name: string,
  children: { name: string; visibility?: 'family' | 'classmates' | 'public'; approval?: boolean }[],
  options: { locale?: 'en' | 'ja' } = {},
): Promise<Person & { kids: number[] }> {
  const user = options.locale
    ? await localisedStudent(t, name, options.locale)
    : await person(t, 'student', name);
  const rows = await t.database.db
    .insert(attendeeProfiles)
    .values(
      children.map((c) => ({
        userId: user.id,
        name: c.name,
        birthday: '2016-04-02',
        galleryVisibility: c.visibility ?? 'family',
        commentsNeedApproval: c.approval ?? true,
      })),
    )
    .returning({ id: attendeeProfiles.id });
  return { ...user, kids: rows.map((r) => r.id) };
}

let localeCounter = 0;

/** A family account whose owner chose a language (notifications are written in it). */
async function localisedStudent(t: TestApp, name: string, locale: 'en' | 'ja'): Promise<Person> {
  localeCounter += 1;
  const [row] = await insertUserRows(t.database.db, [
    {
      email: `family-${locale}-${localeCounter}-${Date.now().toString(36)}@gallery.test`,
      name,
      passwordHash: 'not used in these tests',
      role: 'student',
      locale,
      confirmedAt: new Date(),
    },
  ]);
  if (!row) throw new Error('no user');
  const token = await t.app.sessions.issueSessionToken({ id: row.id, role: 'student' });
  return { id: row.id, role: 'student', token };
}

/** A schedule taught by `teacher` (the cast's admin creates it), with its first session's id. */
export async function scheduleTaughtBy(t: TestApp, c: Cast, teacher: Person) {
  const { scheduleId } = await programmeWithSchedule(t, { ...c, teacher });
  const [klass] = await t.database.db
    .select({ id: klasses.id })
    .from(klasses)
    .where(eq(klasses.scheduleId, Number(scheduleId)))
    .orderBy(asc(klasses.startsAt))
    .limit(1);
  if (!klass) throw new Error('schedule has no session');
  return { scheduleId: Number(scheduleId), klassId: klass.id };
}

export { enroll };

/** A post written straight to the tables, with `imageCount` pending image rows. */
export async function seedPost(
  t: TestApp,
  post: {
    attendeeProfileId: number;
    authorId?: number | null;
    klassId?: number | null;
    scheduleId?: number | null;
    caption?: string;
    /** A group photo's students, its own first (decision 073). */
    tagged?: number[];
  },
  imageCount = 0,
): Promise<number> {
  const imageIds =
    imageCount === 0
      ? []
      : (
          await t.database.db
            .insert(images)
            .values(Array.from({ length: imageCount }, () => ({ status: 'pending' as const })))
            .returning({ id: images.id })
        ).map((r) => r.id);
  return insertPost(
    t.database.db,
    {
      attendeeProfileId: post.attendeeProfileId,
      authorId: post.authorId ?? null,
      klassId: post.klassId ?? null,
      scheduleId: post.scheduleId ?? null,
      caption: post.caption ?? '',
    },
    imageIds,
    post.tagged,
  );
}

/** A small real photo (JPEG with EXIF, so tests can see metadata go). */
export const photo = (colour = '#3366cc') =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'test', Artist: 'Someone' } } })
    .toBuffer();

/** A multipart body of text fields and files (all under form field `images` unless named). */
export function multipart(
  fields: Record<string, string>,
  files: { data: Buffer; field?: string; filename?: string; type?: string }[],
) {
  const boundary = `----gallery${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  files.forEach((file, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'images'}"; filename="${file.filename ?? `art-${i}.jpg`}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
