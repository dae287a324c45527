import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { klassGroupSchedules } from '../classes/classes.tables';
import { type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { insertUserRows } from '../users/users-testing';

// /our-instructors on a fresh database, built once: who is listed, what of them is shown (never an
// e-mail address), photos and their placeholder, the bio as typed, both languages, one query.

const HTML = { accept: 'text/html' };

/** The page's list of people, as (name, the rest of the entry) pairs in page order. */
function people(body: string): { name: string; entry: string }[] {
  return [...body.matchAll(/<li class="person">([\s\S]*?)<\/li>/g)].map((m) => {
    const entry = m[1] ?? '';
    return { name: /<h2>(.*?)<\/h2>/.exec(entry)?.[1] ?? '', entry };
  });
}

describe('GET /our-instructors', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let emails: string[];
  const get = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/our-instructors', headers: { ...HTML, ...headers } });

  beforeAll(async () => {
    t = await createTestApp();
    // The cast: admin "Ada Admin" (teaches nothing yet), teachers "Theo Teacher" and "Olga
    // Other", and two families.
    c = await cast(t);
    const staff = await insertUserRows(t.database.db, [
      {
        email: 'bea@teachers.test',
        name: 'Bea Brush',
        passwordHash: 'not used',
        role: 'teacher',
        avatarKey: 'avatars/bea-brush',
        bio: 'Painter <em>and</em> printmaker.\nTeaches on Saturdays.\n\nShows in Brooklyn.',
        confirmedAt: new Date(),
      },
      {
        email: 'max@admins.test',
        name: 'Max Manager',
        passwordHash: 'not used',
        role: 'admin',
        bio: 'Runs the office.',
        confirmedAt: new Date(),
      },
      {
        email: 'fay@families.test',
        name: 'Fay Family',
        passwordHash: 'not used',
        role: 'student',
        bio: 'A bio nobody should see.',
        confirmedAt: new Date(),
      },
    ]);
    emails = staff.map((s) => s.email);
  }, 120_000);
  afterAll(() => t.close());

  it('lists every teacher by name with photo or initials and bio, and no e-mail address', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const list = people(res.body);
    // Teachers only: an admin who teaches nothing and the families are not instructors.
    expect(list.map((p) => p.name)).toEqual(['Bea Brush', 'Olga Other', 'Theo Teacher']);

    const bea = list[0]?.entry ?? '';
    const photo = t.app.images.urls('avatars/bea-brush').thumbUrl;
    expect(bea).toContain(`<img src="${photo}" alt="" width="112" height="112"`);
    // The bio as typed: text, never markup; a blank line starts a paragraph, a line break stays.
    expect(bea).toContain(
      '<p>Painter &lt;em&gt;and&lt;/em&gt; printmaker.<br>Teaches on Saturdays.</p><p>Shows in Brooklyn.</p>',
    );
    const theo = list[2]?.entry ?? '';
    expect(theo).toContain('<span class="initials" aria-hidden="true">TT</span>');
    expect(theo).toContain('More about this instructor soon.');

    expect(res.body).not.toContain('A bio nobody should see.');
    for (const email of emails) expect(res.body).not.toContain(email);
    // The cast's addresses end in @classes.test; the footer's school address is the only one.
    expect(res.body).not.toMatch(/@(classes|teachers|admins|families)\.test/);
    expect(res.body).toContain('<h1>Our Instructors</h1>');
    expect(res.body).toContain(
      `<link rel="canonical" href="${t.config.appUrl}/our-instructors?lang=en">`,
    );
  });

  it('lists an admin who teaches a schedule; the page costs one query', async () => {
    // The schedule API assigns teachers only; an admin who teaches (a teacher made admin) is listed.
    const { scheduleId } = await programmeWithSchedule(t, c);
    await t.database.db
      .update(klassGroupSchedules)
      .set({ teacherId: c.admin.id })
      .where(eq(klassGroupSchedules.id, Number(scheduleId)));
    const before = t.database.queryCount();
    const res = await get();
    expect(t.database.queryCount() - before).toBe(1);
    expect(people(res.body).map((p) => p.name)).toEqual([
      'Ada Admin',
      'Bea Brush',
      'Olga Other',
      'Theo Teacher',
    ]);
    expect(res.body).not.toContain('Max Manager');
  });

  it('shows a saved bio at once, and speaks Japanese when the browser asks for it', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${c.teacher.id}`,
      headers: { authorization: `Bearer ${c.teacher.token}` },
      payload: { user: { bio: 'Draws birds from life.' } },
    });
    expect(saved.statusCode).toBe(200);
    const res = await get({ 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('<!doctype html><html lang="ja">')).toBe(true);
    expect(res.body).toContain('<h1>講師紹介</h1>');
    const theo = people(res.body).find((p) => p.name === 'Theo Teacher');
    expect(theo?.entry).toContain('<p>Draws birds from life.</p>');
  });

  it("gives each bio in the reader's language where one is written, else in English", async () => {
    const ja = '野鳥を写生しています。\n土曜日の講師です。';
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${c.teacher.id}`,
      headers: { authorization: `Bearer ${c.teacher.token}` },
      payload: { user: { bio: 'Draws birds from life.', translations: { ja: { bio: ja } } } },
    });
    expect(saved.statusCode).toBe(200);
    const entryOf = (body: string, name: string) =>
      people(body).find((p) => p.name === name)?.entry ?? '';

    for (const asked of [
      t.app.inject({ method: 'GET', url: '/our-instructors?lang=ja', headers: HTML }),
      get({ 'accept-language': 'ja' }),
    ]) {
      const res = await asked;
      expect(res.statusCode).toBe(200);
      expect(entryOf(res.body, 'Theo Teacher')).toContain(
        '<p>野鳥を写生しています。<br>土曜日の講師です。</p>',
      );
      expect(res.body).not.toContain('Draws birds from life.');
      // Bea wrote no Japanese bio: hers stays in English rather than disappearing.
      expect(entryOf(res.body, 'Bea Brush')).toContain('<p>Shows in Brooklyn.</p>');
    }

    for (const url of ['/our-instructors?lang=en', '/our-instructors']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(entryOf(res.body, 'Theo Teacher')).toContain('<p>Draws birds from life.</p>');
      expect(res.body).not.toContain('野鳥を写生しています。');
    }

    // Only a Japanese bio: Japanese readers see it, English readers the placeholder.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${c.teacher.id}`,
      headers: { authorization: `Bearer ${c.teacher.token}` },
      payload: { user: { bio: '' } },
    });
    const jaPage = await t.app.inject({
      method: 'GET',
      url: '/our-instructors?lang=ja',
      headers: HTML,
    });
    expect(entryOf(jaPage.body, 'Theo Teacher')).toContain('野鳥を写生しています。');
    const enPage = await get();
    expect(entryOf(enPage.body, 'Theo Teacher')).toContain('More about this instructor soon.');
  });
});
