import { CLASSES_API, LANGUAGE_COOKIE, USERS_API } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, programmeWithSchedule } from './classes-testing';

// What the school writes, in the reader's language (docs/architecture.md#translated-content).

type Flat = { name: string; description?: string; [key: string]: unknown };

describe('translated content', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let ids: Awaited<ReturnType<typeof programmeWithSchedule>>;
  let addonId: string;
  const slug = 'art-science-translated';

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    ids = await programmeWithSchedule(t, c, {
      programme: {
        name: 'Art & Science',
        slug,
        description: 'Drawing meets discovery.',
        translations: { ja: { name: 'アートとサイエンス', description: '描くことと発見。' } },
      },
      schedule: { name: 'Current term', translations: { ja: { name: '今学期' } } },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/plans/${ids.planId}`,
      headers: as(c.admin),
      payload: { plan: { name: 'Pay per class', translations: { ja: { name: '1回ごと' } } } },
    });
    const addon = await t.app.inject({
      method: 'POST',
      url: `/api/v1/klass_group_schedules/${ids.scheduleId}/addons`,
      headers: as(c.admin),
      payload: {
        addon: { name: 'Materials kit', price: 3500, translations: { ja: { name: '画材キット' } } },
      },
    });
    addonId = addon.json().data.id;
  });
  afterAll(() => t.close());

  const catalogue = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: CLASSES_API.catalogueKlassGroup(slug), headers });

  function texts(body: string) {
    const doc = JSON.parse(body) as {
      data: { attributes: Flat };
      included: { type: string; attributes: Flat }[];
    };
    const of = (type: string) =>
      doc.included.filter((r) => r.type === type).map((r) => r.attributes.name);
    return {
      name: doc.data.attributes.name,
      description: doc.data.attributes.description,
      schedules: of('klass_group_schedules'),
      plans: of('plans'),
      addons: of('klass_group_schedule_addons'),
    };
  }

  const english = {
    name: 'Art & Science',
    description: 'Drawing meets discovery.',
    schedules: ['Current term'],
    plans: ['Pay per class'],
    addons: ['Materials kit'],
  };
  const japanese = {
    name: 'アートとサイエンス',
    description: '描くことと発見。',
    schedules: ['今学期'],
    plans: ['1回ごと'],
    addons: ['画材キット'],
  };

  it('stores the translations an admin sends and gives them back, the admin fields staying in English', async () => {
    const group = await t.app.inject({
      method: 'GET',
      url: `/api/v1/klass_groups/${ids.groupId}`,
      headers: as(c.admin),
    });
    const doc = group.json();
    expect(doc.data.attributes.name).toBe('Art & Science');
    expect(doc.data.attributes.translations).toEqual({
      ja: { name: 'アートとサイエンス', description: '描くことと発見。' },
    });
    const byType = (type: string) => doc.included.filter((r: { type: string }) => r.type === type);
    expect(byType('klass_group_schedules')[0].attributes).toMatchObject({
      name: 'Current term',
      translations: { ja: { name: '今学期' } },
    });
    expect(byType('plans')[0].attributes).toMatchObject({
      name: 'Pay per class',
      translations: { ja: { name: '1回ごと' } },
    });
    expect(byType('klass_group_schedule_addons')[0].attributes).toMatchObject({
      name: 'Materials kit',
      translations: { ja: { name: '画材キット' } },
    });
  });

  it('gives the catalogue in Japanese to a Japanese reader and in English to everyone else', async () => {
    expect(texts((await catalogue()).body)).toEqual(english);
    expect(texts((await catalogue({ 'accept-language': 'en-US,en;q=0.9' })).body)).toEqual(english);
    expect(texts((await catalogue({ 'accept-language': 'ja-JP,ja;q=0.9' })).body)).toEqual(
      japanese,
    );
    expect(texts((await catalogue({ cookie: `${LANGUAGE_COOKIE}=ja` })).body)).toEqual(japanese);
    const list = await t.app.inject({
      method: 'GET',
      url: CLASSES_API.catalogue,
      headers: { 'accept-language': 'ja' },
    });
    expect(list.json().data.map((g: { attributes: Flat }) => g.attributes.name)).toContain(
      'アートとサイエンス',
    );
    const schedule = await t.app.inject({
      method: 'GET',
      url: CLASSES_API.catalogueSchedule(ids.scheduleId),
      headers: { 'accept-language': 'ja' },
    });
    expect(schedule.json().data.attributes.name).toBe('今学期');
  });

  it('keeps one cached answer and ETag per language, and says what the answer varies on', async () => {
    const en = await catalogue();
    const ja = await catalogue({ 'accept-language': 'ja' });
    expect(en.headers.etag).not.toBe(ja.headers.etag);
    expect(ja.headers['content-language']).toBe('ja');
    expect(String(ja.headers.vary)).toMatch(/accept-language/);
    expect(String(ja.headers.vary)).toMatch(/cookie/);
    const revalidated = await catalogue({
      'accept-language': 'ja',
      'if-none-match': String(en.headers.etag),
    });
    expect(revalidated.statusCode).toBe(200);
    expect(texts(revalidated.body)).toEqual(japanese);
    const same = await catalogue({
      'accept-language': 'ja',
      'if-none-match': String(ja.headers.etag),
    });
    expect(same.statusCode).toBe(304);
  });

  it("reads a signed-in account's own language before the browser's", async () => {
    for (const [who, locale] of [
      [c.parent, 'ja'],
      [c.student, 'en'],
    ] as const) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: USERS_API.user(who.id),
        headers: as(who),
        payload: { user: { locale } },
      });
      expect(saved.statusCode).toBe(200);
    }
    expect(texts((await catalogue(as(c.parent))).body)).toEqual(japanese);
    expect(texts((await catalogue({ ...as(c.student), 'accept-language': 'ja' })).body)).toEqual(
      english,
    );
  });

  it('falls back to English per field, and a cleared translation is gone', async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_groups/${ids.groupId}`,
      headers: as(c.admin),
      payload: {
        klass_group: { translations: { ja: { name: 'アートとサイエンス', description: ' ' } } },
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.attributes.translations).toEqual({
      ja: { name: 'アートとサイエンス' },
    });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedule_addons/${addonId}`,
      headers: as(c.admin),
      payload: { addon: { translations: {} } },
    });
    expect(renamed.json().data.attributes.translations).toEqual({});
    expect(texts((await catalogue({ 'accept-language': 'ja' })).body)).toEqual({
      ...japanese,
      description: 'Drawing meets discovery.',
      addons: ['Materials kit'],
    });
  });

  it('shows the class page in Japanese for ?lang=ja and in English otherwise', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_groups/${ids.groupId}`,
      headers: as(c.admin),
      payload: {
        klass_group: {
          translations: { ja: { name: 'アートとサイエンス', description: '描くことと発見。' } },
        },
      },
    });
    const page = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/classes/${slug}${query}`,
        headers: { accept: 'text/html' },
      });
    const ja = await page('?lang=ja');
    expect(ja.statusCode).toBe(200);
    expect(ja.body).toContain('アートとサイエンス');
    expect(ja.body).toContain('描くことと発見。');
    expect(ja.body).toContain('今学期');
    const en = await page('');
    expect(en.body).toContain('Art &amp; Science');
    expect(en.body).toContain('Drawing meets discovery.');
    expect(en.body).not.toContain('アートとサイエンス');
  });
});
