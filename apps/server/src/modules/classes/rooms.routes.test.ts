import {
  calendarDocumentSchema,
  catalogueScheduleDocumentSchema,
  roomResource,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, programmeWithSchedule } from './classes-testing';

describe('rooms (admin)', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, 60_000);
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object) =>
    t.app.inject({ method, url, headers: as(c.admin), ...(body ? { payload: body } : {}) });
  const fieldErrors = (res: { json: () => unknown }) =>
    Object.fromEntries(
      (res.json() as { errors: { meta: { field: string }; detail: string }[] }).errors.map((e) => [
        e.meta.field,
        e.detail,
      ]),
    );
  const newRoom = async (name: string, capacity: number, ja?: string) => {
    const res = await call('POST', '/api/v1/rooms', {
      room: { name, capacity, ...(ja ? { translations: { ja: { name: ja } } } : {}) },
    });
    expect(res.statusCode).toBe(201);
    return roomResource.documentSchema.parse(res.json()).data;
  };

  it('creates, reads, replaces, lists and deletes rooms, keeping a Japanese name', async () => {
    const room = await newRoom('Studio North', 12, '北スタジオ');
    expect(room.attributes).toMatchObject({
      name: 'Studio North',
      capacity: 12,
      translations: { ja: { name: '北スタジオ' } },
      schedules_count: 0,
    });
    const replaced = await call('PUT', `/api/v1/rooms/${room.id}`, {
      room: { name: 'Studio N', capacity: 14, translations: { ja: { name: ' ' } } },
    });
    expect(replaced.statusCode).toBe(200);
    // A blank translation clears it: readers get the English.
    expect(replaced.json().data.attributes).toMatchObject({
      name: 'Studio N',
      capacity: 14,
      translations: {},
    });
    const got = await call('GET', `/api/v1/rooms/${room.id}`);
    expect(got.json().data.attributes.name).toBe('Studio N');
    const list = roomResource.listDocumentSchema.parse(
      (await call('GET', '/api/v1/rooms?search=studio%20n')).json(),
    );
    expect(list.data.map((r) => r.id)).toEqual([room.id]);
    expect((await call('DELETE', `/api/v1/rooms/${room.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/rooms/${room.id}`)).statusCode).toBe(404);
  });

  it('refuses a blank name and a capacity under one with field messages, and non-admins', async () => {
    const res = await call('POST', '/api/v1/rooms', { room: { name: '', capacity: 0 } });
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res)).toEqual({ name: 'Required', capacity: 'Must be at least 1' });
    const teacher = await t.app.inject({
      method: 'GET',
      url: '/api/v1/rooms',
      headers: as(c.teacher),
    });
    expect(teacher.statusCode).toBe(403);
  });

  it('names a schedule’s room in admin, catalogue and calendar answers, in English and Japanese', async () => {
    const room = await newRoom('Lantern Room', 10, '灯りの部屋');
    const { scheduleId } = await programmeWithSchedule(t, c, {
      schedule: { room_id: room.id, capacity: 8 },
    });
    const admin = await call('GET', `/api/v1/klass_group_schedules/${scheduleId}`);
    expect(admin.json().data.attributes).toMatchObject({ room_id: room.id, room: 'Lantern Room' });

    const catalogue = async (language: string) =>
      catalogueScheduleDocumentSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/catalogue/klass_group_schedules/${scheduleId}`,
            headers: { 'accept-language': language },
          })
        ).json(),
      ).data.attributes.room;
    expect(await catalogue('en')).toBe('Lantern Room');
    expect(await catalogue('ja')).toBe('灯りの部屋');

    const calendar = calendarDocumentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/calendar/klasses?from=2030-01-01T00:00:00Z&to=2030-01-10T00:00:00Z',
          headers: as(c.admin),
        })
      ).json(),
    );
    const mine = calendar.data.filter(
      (k) => k.attributes.klass_group_schedule_id === String(scheduleId),
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((k) => k.attributes.room === 'Lantern Room')).toBe(true);

    // In use: 409 with the kit's message, and the room stays.
    const refused = await call('DELETE', `/api/v1/rooms/${room.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].detail).toBe(
      'This room cannot be deleted: 1 schedule meets in it. Move that schedule first.',
    );
    expect((await call('GET', `/api/v1/rooms/${room.id}`)).json().data.attributes).toMatchObject({
      schedules_count: 1,
    });

    // Out of the room, the schedule names none and the room may go.
    const moved = await call('PATCH', `/api/v1/klass_group_schedules/${scheduleId}`, {
      klass_group_schedule: { room_id: null },
    });
    expect(moved.json().data.attributes).toMatchObject({ room_id: null, room: null });
    expect((await call('DELETE', `/api/v1/rooms/${room.id}`)).statusCode).toBe(204);
  });

  it('refuses an unknown room and more seats than the room has (422 on the field)', async () => {
    const room = await newRoom('Small Room', 4);
    const { scheduleId } = await programmeWithSchedule(t, c);
    const patch = (fields: object) =>
      call('PATCH', `/api/v1/klass_group_schedules/${scheduleId}`, {
        klass_group_schedule: fields,
      });
    const unknown = await patch({ room_id: '999999' });
    expect(unknown.statusCode).toBe(422);
    expect(fieldErrors(unknown)).toEqual({ room_id: 'Unknown room' });
    const tooMany = await patch({ room_id: room.id });
    expect(tooMany.statusCode).toBe(422);
    expect(fieldErrors(tooMany)).toEqual({ capacity: "Must be at most the room's 4 seats" });
    expect((await patch({ room_id: room.id, capacity: 4 })).statusCode).toBe(200);
  });
});
