import {
  fieldMessages,
  SEARCH_API,
  SEARCH_GROUP_LIMIT,
  type SearchDocument,
  type SearchGroup,
  searchDocumentSchema,
  TEXT_MESSAGES,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klassGroups } from '../../modules/classes/classes.tables';
import {
  as,
  type Cast,
  enroll,
  programmeWithSchedule,
} from '../../modules/classes/classes-testing';
import { guestCustomers } from '../../modules/customers/customers.tables';
import { orders } from '../../modules/orders/orders.tables';
import { insertPendingOrder } from '../../modules/orders/orders-testing';
import { attendeeProfiles } from '../../modules/users/users.tables';
import { insertUserRows } from '../../modules/users/users-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { foldKeyword } from './search.queries';
import { orderNumberOf } from './search.service';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

describe('GET /api/v1/search', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let observational: { groupId: string; scheduleId: string; slug: string };
  let parentOrder: number;
  let walkInOrder: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const db = t.database.db;
    // Taught by the cast's teacher (Theo Teacher); Mia is enrolled in it, Leo is not.
    const made = await programmeWithSchedule(t, c, {
      programme: { name: 'Observational Drawing', slug: 'observational-drawing' },
    });
    observational = { ...made, slug: 'observational-drawing' };
    await enroll(t, made.scheduleId, [c.parent.attendees.mia]);

    const programmes = await db
      .insert(klassGroups)
      .values(
        [
          { name: 'Observational Painting', slug: 'obs-painting', published: false },
          { name: 'Dessin d’Été', slug: 'dessin-ete', published: true },
          { name: '100% Colour_Lab', slug: 'colour-lab', published: true },
          { name: 'ColourXLab', slug: 'colourxlab', published: true },
          ...Array.from({ length: SEARCH_GROUP_LIMIT + 2 }, (_, i) => ({
            name: `Zeta Studio ${i + 1}`,
            slug: `zeta-${i + 1}`,
            published: true,
          })),
        ].map((p) => ({ ...p, audience: 'kids' as const, format: 'in_person' as const })),
      )
      .returning({ id: klassGroups.id, name: klassGroups.name });
    for (const p of programmes) ids[p.name] = p.id;

    const people = await insertUserRows(db, [
      { name: 'José Núñez', email: 'jose@search.test', passwordHash: 'x', role: 'teacher' },
      { name: 'Hanako Yamada', email: 'hanako@search.test', passwordHash: 'x', role: 'student' },
    ]);
    for (const p of people) ids[p.name] = p.id;
    const [kid] = await db
      .insert(attendeeProfiles)
      .values({ userId: ids['Hanako Yamada'], name: '山田 花子' })
      .returning({ id: attendeeProfiles.id });
    ids['山田 花子'] = kid?.id ?? 0;

    const [walkIn] = await db
      .insert(guestCustomers)
      .values({ name: 'Wanda Walkin', email: 'wanda@desk.test' })
      .returning({ id: guestCustomers.id });
    const [wes] = await db
      .insert(attendeeProfiles)
      .values({ guestCustomerId: walkIn?.id, name: 'Wes Walkin' })
      .returning({ id: attendeeProfiles.id });
    ids['Wes Walkin'] = wes?.id ?? 0;

    parentOrder = await insertPendingOrder(db, c.parent.id, 12_000);
    const [row] = await db
      .insert(orders)
      .values({
        guestCustomerId: walkIn?.id,
        currency: 'USD',
        subtotal: 5000,
        discount: 0,
        total: 5000,
        status: 'paid',
        idempotencyKey: 'walk-in-1',
        expiresAt: new Date(),
      })
      .returning({ id: orders.id });
    walkInOrder = row?.id ?? 0;
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (who: { token: string } | null, q: string) =>
    t.app.inject({
      method: 'GET',
      url: `${SEARCH_API.search}?q=${encodeURIComponent(q)}`,
      headers: who ? as(who) : {},
    });
  const searchAs = async (who: { token: string } | null, q: string): Promise<SearchDocument> => {
    const res = await get(who, q);
    expect(res.statusCode, res.body).toBe(200);
    return searchDocumentSchema.parse(res.json());
  };
  const labels = (doc: SearchDocument, group: SearchGroup) =>
    doc.data.filter((r) => r.attributes.group === group).map((r) => r.attributes.label);
  const hit = (doc: SearchDocument, group: SearchGroup, label: string) => {
    const found = doc.data.find(
      (r) => r.attributes.group === group && r.attributes.label === label,
    );
    if (!found) throw new Error(`no ${group} result ${label} in ${JSON.stringify(doc.data)}`);
    return found;
  };

  it('gives a visitor published programmes only, each opening its booking page', async () => {
    const doc = await searchAs(null, 'observational');
    expect(doc.meta.groups).toEqual(['programmes']);
    expect(labels(doc, 'programmes')).toEqual(['Observational Drawing']);
    expect(hit(doc, 'programmes', 'Observational Drawing')).toMatchObject({
      id: observational.groupId,
      type: 'klass_groups',
      attributes: {
        path: '/book_class?klass_group=observational-drawing',
        audience: 'kids',
        format: 'in_person',
        published: true,
      },
    });
    // Names of people are never searched for a visitor, whatever the keyword.
    expect((await searchAs(null, 'parent')).data).toEqual([]);
  });

  it('gives a family the same as a visitor: programmes only', async () => {
    const doc = await searchAs(c.parent, 'parent');
    expect(doc.meta.groups).toEqual(['programmes']);
    expect(doc.data).toEqual([]);
    expect(labels(await searchAs(c.student, 'painting'), 'programmes')).toEqual([]);
  });

  it('gives a teacher published programmes and only the students of the schedules they teach', async () => {
    const doc = await searchAs(c.teacher, 'parent');
    expect(doc.meta.groups).toEqual(['programmes', 'students']);
    expect(labels(doc, 'students')).toEqual(['Mia Parent']);
    expect(hit(doc, 'students', 'Mia Parent')).toMatchObject({
      id: String(c.parent.attendees.mia),
      type: 'attendee_profiles',
      attributes: { path: `/gallery/student/${c.parent.attendees.mia}`, family: 'Pat Parent' },
    });
    expect(labels(await searchAs(c.otherTeacher, 'parent'), 'students')).toEqual([]);
    expect(labels(await searchAs(c.teacher, 'painting'), 'programmes')).toEqual([]);
  });

  it('gives an admin every group: unpublished programmes marked, and admin pages', async () => {
    const programmes = await searchAs(c.admin, 'observational');
    expect(programmes.meta.groups).toEqual([
      'programmes',
      'students',
      'families',
      'teachers',
      'orders',
    ]);
    expect(labels(programmes, 'programmes')).toEqual([
      'Observational Drawing',
      'Observational Painting',
    ]);
    expect(hit(programmes, 'programmes', 'Observational Painting').attributes).toMatchObject({
      published: false,
      path: `/manage_classes/${ids['Observational Painting']}`,
    });

    const parent = await searchAs(c.admin, 'parent');
    expect(labels(parent, 'students')).toEqual(['Leo Parent', 'Mia Parent']);
    expect(labels(parent, 'families')).toEqual(['Pat Parent']);
    expect(hit(parent, 'families', 'Pat Parent')).toMatchObject({
      id: String(c.parent.id),
      type: 'users',
      attributes: { path: `/customers?customer=${c.parent.id}` },
    });
    expect(hit(parent, 'orders', `#${parentOrder}`)).toMatchObject({
      type: 'orders',
      attributes: {
        customer: 'Pat Parent',
        status: 'pending',
        total: 12_000,
        currency: 'USD',
        path: `/manage_orders?order=${parentOrder}`,
      },
    });
  });

  it('opens a teacher at the schedule they teach, or the programme list when they teach none', async () => {
    const theo = await searchAs(c.admin, 'theo');
    expect(hit(theo, 'teachers', 'Theo Teacher').attributes).toMatchObject({
      path: `/manage_classes/${observational.groupId}/schedules/${observational.scheduleId}`,
      teaches: { programme: 'Observational Drawing', schedule: 'Saturdays' },
    });
    const olga = await searchAs(c.admin, 'olga');
    expect(hit(olga, 'teachers', 'Olga Other').attributes).toMatchObject({
      path: '/manage_classes',
      teaches: null,
    });
  });

  it('finds walk-ins: their attendees with the walk-in as family, and their orders', async () => {
    const doc = await searchAs(c.admin, 'walkin');
    expect(hit(doc, 'students', 'Wes Walkin').attributes).toMatchObject({ family: 'Wanda Walkin' });
    expect(labels(doc, 'families')).toEqual([]);
    expect(hit(doc, 'orders', `#${walkInOrder}`).attributes).toMatchObject({
      customer: 'Wanda Walkin',
      status: 'paid',
    });
    expect(labels(await searchAs(c.admin, 'desk.test'), 'orders')).toEqual([`#${walkInOrder}`]);
  });

  it('finds an order by its number, with or without #, first', async () => {
    // One digit is too short a keyword: `#7` or `07` finds order 7.
    for (const q of [`#${parentOrder}`, String(parentOrder).padStart(2, '0')]) {
      const doc = await searchAs(c.admin, q);
      expect(labels(doc, 'orders')[0], q).toBe(`#${parentOrder}`);
    }
    expect(orderNumberOf('#42')).toBe(42);
    expect(orderNumberOf('42a')).toBeNull();
    expect(orderNumberOf('99999999999')).toBeNull();
  });

  it('ignores case and Latin accents both ways, and matches Japanese as typed', async () => {
    expect(labels(await searchAs(null, 'ETE'), 'programmes')).toEqual(['Dessin d’Été']);
    expect(labels(await searchAs(null, 'dessin d’été'), 'programmes')).toEqual(['Dessin d’Été']);
    // A decomposed é (e + combining acute) reads as the composed one.
    expect(labels(await searchAs(null, 'e\u0301te\u0301'), 'programmes')).toEqual(['Dessin d’Été']);
    expect(labels(await searchAs(c.admin, 'jose nunez'), 'teachers')).toEqual(['José Núñez']);
    expect(labels(await searchAs(c.admin, 'NÚÑEZ'), 'teachers')).toEqual(['José Núñez']);
    expect(labels(await searchAs(c.admin, '山田'), 'students')).toEqual(['山田 花子']);
    expect(foldKeyword('ÀÉÎÕÜ Çà Øł')).toBe('aeiou ca ol');
  });

  it('takes %, _ and \\ literally', async () => {
    expect(labels(await searchAs(null, '0%'), 'programmes')).toEqual(['100% Colour_Lab']);
    expect(labels(await searchAs(null, 'r_l'), 'programmes')).toEqual(['100% Colour_Lab']);
    expect(labels(await searchAs(null, '%%'), 'programmes')).toEqual([]);
    expect(labels(await searchAs(null, '__'), 'programmes')).toEqual([]);
    expect((await searchAs(c.admin, 'a\\b')).data).toEqual([]);
  });

  it('answers at most 5 results a group, prefix matches first', async () => {
    const doc = await searchAs(null, 'studio');
    expect(labels(doc, 'programmes')).toEqual(
      Array.from({ length: SEARCH_GROUP_LIMIT }, (_, i) => `Zeta Studio ${i + 1}`),
    );
    expect(labels(await searchAs(null, 'col'), 'programmes')).toEqual([
      'ColourXLab',
      '100% Colour_Lab',
    ]);
  });

  it('refuses a keyword under 2 or over 100 characters (after trimming) with 422 on q', async () => {
    const cases: [string, string][] = [
      ['', TEXT_MESSAGES.tooShort(2)],
      ['a', TEXT_MESSAGES.tooShort(2)],
      ['  a   ', TEXT_MESSAGES.tooShort(2)],
      ['x'.repeat(101), TEXT_MESSAGES.tooLong(100)],
      ['ab\u0000', TEXT_MESSAGES.controlCharacter],
      ['a\nb', TEXT_MESSAGES.controlCharacter],
    ];
    for (const [q, message] of cases) {
      const res = await get(c.admin, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(422);
      expect(fieldMessages(res.json()), JSON.stringify(q)).toEqual({ q: message });
    }
    const missing = await t.app.inject({ method: 'GET', url: SEARCH_API.search });
    expect(missing.statusCode).toBe(422);
    expect(fieldMessages(missing.json())).toEqual({ q: TEXT_MESSAGES.required });
    const repeated = await t.app.inject({ method: 'GET', url: `${SEARCH_API.search}?q=ab&q=cd` });
    expect(repeated.statusCode).toBe(422);
    expect((await searchAs(null, `  ${'x'.repeat(100)}  `)).data).toEqual([]);
  });

  it('answers a refused token with 401 rather than a visitor’s results', async () => {
    const res = await get({ token: 'not-a-token' }, 'drawing');
    expect(res.statusCode).toBe(401);
  });

  it('never fails on odd input: quotes, backslashes, wildcards, emoji, right-to-left, long text', async () => {
    const odd = [
      "'; drop table users; --",
      '"quoted"',
      "O'Brien",
      '\\\\',
      '\\%',
      '\\_',
      '%_\\',
      '🎨🖌️',
      'שלום',
      'ＡＢＣ',
      '\u200b\u200b',
      '$1 $2',
      ':param ?',
      '*)(|',
      'x'.repeat(100),
      'é'.repeat(100),
    ];
    for (const q of odd) {
      for (const who of [null, c.teacher, c.admin]) {
        const res = await get(who, q);
        expect(res.statusCode, `${JSON.stringify(q)} as ${who?.role ?? 'visitor'}`).toBe(200);
        searchDocumentSchema.parse(res.json());
      }
    }
    // Bytes that are not UTF-8 (a lone surrogate's encoding, 0xFF) still get an answer, not a 500.
    for (const raw of ['%ED%A0%BDab', '%FF%FEab', '%E0%A4%A', '%%41%41']) {
      const res = await t.app.inject({ method: 'GET', url: `${SEARCH_API.search}?q=${raw}` });
      expect(res.statusCode, raw).toBeLessThan(500);
    }
  });

  it('costs one statement per group (and one for the teachers’ schedules)', async () => {
    await searchAs(c.admin, 'warm the session cache');
    let before = t.database.queryCount();
    await searchAs(c.admin, 'theo');
    expect(t.database.queryCount() - before).toBe(6);
    await searchAs(c.teacher, 'warm the session cache');
    before = t.database.queryCount();
    await searchAs(c.teacher, 'parent');
    expect(t.database.queryCount() - before).toBe(2);
    before = t.database.queryCount();
    await searchAs(null, 'drawing');
    expect(t.database.queryCount() - before).toBe(1);
  });
});
