import { CLASSES_API, fieldMessages, ID_MAX, TEXT_MESSAGES } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, planBody, programmeBody, scheduleBody } from './classes-testing';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

const OVERFLOW = ['2147483648', '9999999999', '9223372036854775808'];

// The classes routes take ids and text through the contract's id and text schemas: what the
// database cannot hold is a 404 or 422, never a 500 (docs/product.md#validation).
describe('classes routes: ids and text the database cannot hold', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (url: string, who = c.admin) =>
    t.app.inject({ method: 'GET', url, headers: as(who) });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: as(c.admin) });

  it('answers a catalogue slug holding a NUL with 422, an unknown one with 404', async () => {
    const nul = await t.app.inject({ method: 'GET', url: `${CLASSES_API.catalogue}/%00` });
    expect(nul.statusCode).toBe(422);
    expect(fieldMessages(nul.json())).toEqual({ slug: TEXT_MESSAGES.controlCharacter });
    const control = await t.app.inject({ method: 'GET', url: `${CLASSES_API.catalogue}/a%1Bb` });
    expect(control.statusCode).toBe(422);
    const unknown = CLASSES_API.catalogueKlassGroup(encodeURIComponent('水彩'));
    expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
  });

  it('answers ids beyond a PostgreSQL integer with 422, the largest id with 404', async () => {
    for (const bad of OVERFLOW) {
      const schedule = CLASSES_API.catalogueSchedule(bad);
      expect((await t.app.inject({ method: 'GET', url: schedule })).statusCode, bad).toBe(422);
      expect((await get(CLASSES_API.klassGroup(bad))).statusCode, bad).toBe(422);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: CLASSES_API.plan(bad),
        headers: as(c.admin),
      });
      expect(removed.statusCode, bad).toBe(422);
      expect(fieldMessages(removed.json())).toEqual({ id: 'Invalid input' });
      const listed = await get(`${CLASSES_API.schedules}?klass_group_id=${bad}`, c.teacher);
      expect(listed.statusCode, bad).toBe(422);
      expect(fieldMessages(listed.json())).toEqual({ klass_group_id: 'Invalid input' });
    }
    expect((await get(CLASSES_API.klassGroup(ID_MAX))).statusCode).toBe(404);
    const page = await get(`${CLASSES_API.catalogue}?page=${OVERFLOW[0]}`);
    expect(fieldMessages(page.json())).toEqual({ page: 'Invalid input' });
    expect((await get(`${CLASSES_API.catalogue}?page=${ID_MAX}`)).statusCode).toBe(200);
  });

  it('refuses control characters in programme fields; a description may span lines', async () => {
    const named = await post(CLASSES_API.klassGroups, programmeBody({ name: 'Ink\u0000Wash' }));
    expect(named.statusCode).toBe(422);
    expect(fieldMessages(named.json())).toEqual({ name: TEXT_MESSAGES.controlCharacter });

    const described = await post(
      CLASSES_API.klassGroups,
      programmeBody({ description: 'Bring:\n\t- ink\u0007' }),
    );
    expect(described.statusCode).toBe(422);
    expect(fieldMessages(described.json())).toEqual({
      description: TEXT_MESSAGES.controlCharacter,
    });

    const lines = await post(
      CLASSES_API.klassGroups,
      programmeBody({ name: 'Ink 水墨画', description: 'Bring:\n\t- ink\n\t- brush' }),
    );
    expect(lines.statusCode).toBe(201);
    expect(lines.json().data.attributes.description).toBe('Bring:\n\t- ink\n\t- brush');

    const located = await post(
      CLASSES_API.klassGroups,
      programmeBody({ location: '12 Main\u0000' }),
    );
    expect(fieldMessages(located.json())).toEqual({ location: TEXT_MESSAGES.controlCharacter });

    const plan = await post(CLASSES_API.plans, planBody({ name: 'Term\u001b' }));
    expect(fieldMessages(plan.json())).toEqual({ name: TEXT_MESSAGES.controlCharacter });
  });

  it('refuses a control character in a staff search, and overflowing ids in a body', async () => {
    for (const url of [CLASSES_API.klassGroups, CLASSES_API.plans]) {
      const res = await get(`${url}?search=%00`);
      expect(res.statusCode, url).toBe(422);
      expect(fieldMessages(res.json())).toEqual({ search: TEXT_MESSAGES.controlCharacter });
    }
    const group = await post(CLASSES_API.klassGroups, programmeBody({ name: 'Overflow' }));
    const plan = await post(CLASSES_API.plans, planBody());
    const schedule = await post(
      CLASSES_API.klassGroupSchedules(group.json().data.id),
      scheduleBody(c.teacher.id, [plan.json().data.id], { teacher_id: OVERFLOW[0] }),
    );
    expect(schedule.statusCode).toBe(422);
    expect(fieldMessages(schedule.json())).toEqual({ teacher_id: 'Invalid input' });
  });
});
