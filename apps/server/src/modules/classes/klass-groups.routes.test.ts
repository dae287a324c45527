import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flatten, klassGroupDocumentSchema, klassGroupListDocumentSchema } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { klasses, klassGroupSchedules } from './classes.tables';
import {
  as,
  type Cast,
  enroll,
  multipartFile,
  programmeBody,
  programmeWithSchedule,
} from './classes-testing';

describe('programmes (admin)', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, 60_000);
  afterAll(() => t.close());

  const create = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/klass_groups',
      headers: as(c.admin),
      payload: body as object,
    });

  it('creates a programme, deriving the slug from the name', async () => {
    const res = await create(programmeBody({ name: 'Art & Science!' }));
    expect(res.statusCode).toBe(201);
    const doc = klassGroupDocumentSchema.parse(res.json());
    expect(doc.data.attributes).toMatchObject({
      name: 'Art & Science!',
      slug: 'art-science',
      audience: 'kids',
      format: 'in_person',
      location: '12 Main St, Brooklyn',
      min_age: 8,
      max_age: 12,
      published: true,
      image_url: null,
    });
    expect(doc.data.relationships.klass_group_schedules.data).toEqual([]);
  });

  it('refuses a slug already used, as a field message', async () => {
    await create(programmeBody({ name: 'Comics', slug: 'comics-drawing' }));
    const res = await create(programmeBody({ name: 'Comics again', slug: 'comics-drawing' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        status: '422',
        code: 'validation',
        detail: 'Already used by another programme',
        meta: { type: 'validate', field: 'slug' },
      },
    ]);
  });

  it('answers 422 with one message per field for bad input', async () => {
    const res = await create(
      programmeBody({
        name: '',
        audience: 'pets',
        min_age: -1,
        slug: 'Not A Slug',
        meeting_url: 'ftp://example.test',
      }),
    );
    expect(res.statusCode).toBe(422);
    const fields = Object.fromEntries(
      res
        .json()
        .errors.map((e: { meta: { field: string }; detail: string }) => [e.meta.field, e.detail]),
    );
    expect(fields).toMatchObject({
      name: 'Required',
      audience: 'Choose kids, adults or all ages',
      min_age: 'Must not be negative',
      slug: 'Use lower-case letters, digits and single hyphens',
      meeting_url: 'Enter a web address starting with https://',
    });
  });

  it('checks rules across fields: max age below min age, a location or a meeting link', async () => {
    const ages = await create(programmeBody({ name: 'Ages', min_age: 12, max_age: 8 }));
    expect(ages.statusCode).toBe(422);
    expect(ages.json().errors[0]).toMatchObject({
      detail: 'Must be at least the minimum age',
      meta: { field: 'max_age' },
    });
    const online = await create(programmeBody({ name: 'Lab', format: 'online', location: null }));
    expect(online.json().errors[0]).toMatchObject({
      detail: 'Required for an online programme',
      meta: { field: 'meeting_url' },
    });
    const inPerson = await create(programmeBody({ name: 'Studio', location: '' }));
    expect(inPerson.json().errors[0]).toMatchObject({ meta: { field: 'location' } });
  });

  it('applies the cross-field rules to a partial change merged with what is stored', async () => {
    const created = await create(programmeBody({ name: 'Merge', min_age: 5, max_age: 9 }));
    const id = created.json().data.id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_groups/${id}`,
      headers: as(c.admin),
      payload: { klass_group: { min_age: 10 } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].meta.field).toBe('max_age');
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_groups/${id}`,
      headers: as(c.admin),
      payload: { klass_group: { published: false, max_age: null } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.attributes).toMatchObject({
      published: false,
      min_age: 5,
      max_age: null,
    });
  });

  it('lists programmes a page at a time, searchable, with schedules and teachers included', async () => {
    const { groupId } = await programmeWithSchedule(t, c, {
      programme: { name: 'Zebra Painting' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/klass_groups?search=zebra',
      headers: as(c.admin),
    });
    expect(res.statusCode).toBe(200);
    const doc = klassGroupListDocumentSchema.parse(res.json());
    expect(doc.meta).toEqual({ total: 1, page: 1, per_page: 20 });
    expect(doc.data.map((g) => g.id)).toEqual([groupId]);
    type FlatGroup = {
      klass_group_schedules: {
        name: string;
        capacity: number;
        seats_left: number;
        teacher: { name: string; type: string };
        klass_group_schedule_plans: { plan: { base_price: number; unit_type: string } }[];
      }[];
    };
    const [group] = flatten(doc) as unknown as FlatGroup[];
    const schedule = group?.klass_group_schedules[0];
    expect(schedule).toMatchObject({ name: 'Saturdays', capacity: 10, seats_left: 10 });
    expect(schedule?.teacher).toMatchObject({ name: 'Theo Teacher', type: 'users' });
    expect(schedule?.klass_group_schedule_plans[0]?.plan).toMatchObject({
      base_price: 2000,
      unit_type: 'class',
    });
  });

  it('a search for % is literal, not a wildcard', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/klass_groups?search=%25',
      headers: as(c.admin),
    });
    expect(res.json().meta.total).toBe(0);
  });

  it('deleting a programme removes its schedules and sessions', async () => {
    const { groupId, scheduleId } = await programmeWithSchedule(t, c);
    const before = await t.database.db
      .select()
      .from(klasses)
      .where(eq(klasses.scheduleId, Number(scheduleId)));
    expect(before.length).toBe(8);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/klass_groups/${groupId}`,
      headers: as(c.admin),
    });
    expect(res.statusCode).toBe(204);
    const schedules = await t.database.db
      .select()
      .from(klassGroupSchedules)
      .where(eq(klassGroupSchedules.klassGroupId, Number(groupId)));
    const klassRows = await t.database.db
      .select()
      .from(klasses)
      .where(eq(klasses.scheduleId, Number(scheduleId)));
    expect([schedules.length, klassRows.length]).toEqual([0, 0]);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/klass_groups/${groupId}`,
      headers: as(c.admin),
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses with 409 to delete a programme anyone is enrolled in, and says to archive it', async () => {
    const { groupId, scheduleId } = await programmeWithSchedule(t, c);
    await enroll(t, scheduleId, [c.parent.attendees.mia]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/klass_groups/${groupId}`,
      headers: as(c.admin),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({
      code: 'conflict',
      detail:
        'This programme cannot be deleted: it has 1 enrollment. Archive it instead by unpublishing it.',
    });
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/v1/klass_groups/${groupId}`,
      headers: as(c.admin),
    });
    expect(still.statusCode).toBe(200);
  });

  describe('image', () => {
    async function upload(id: string, data: Buffer, filename = 'photo.jpg') {
      const form = multipartFile('image', filename, 'image/jpeg', data);
      return t.app.inject({
        method: 'PUT',
        url: `/api/v1/klass_groups/${id}/image`,
        headers: { ...as(c.admin), ...form.headers },
        payload: form.payload,
      });
    }

    it('stores an upload re-encoded without EXIF, served from /uploads with a long cache', async () => {
      const id = (await create(programmeBody({ name: 'Pictured' }))).json().data.id;
      const photo = await sharp({
        create: { width: 600, height: 400, channels: 3, background: '#9a24f2' },
      })
        .jpeg()
        .withExifMerge({ IFD0: { Copyright: 'GPS and camera secrets' } })
        .toBuffer();
      const res = await upload(id, photo);
      expect(res.statusCode).toBe(200);
      const { image_url, thumb_url } = res.json().data.attributes;
      expect(image_url).toMatch(/^\/uploads\/klass-groups\/[0-9a-f-]+\.webp$/);
      expect(thumb_url).toMatch(/-thumb\.webp$/);

      const served = await t.app.inject({ method: 'GET', url: image_url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('GPS and camera secrets'))).toBe(false);
      const thumb = await sharp(
        (await t.app.inject({ method: 'GET', url: thumb_url })).rawPayload,
      ).metadata();
      expect([thumb.width, thumb.height]).toEqual([320, 320]);

      // Replacing the image deletes the old files.
      const again = await upload(id, photo);
      expect(again.json().data.attributes.image_url).not.toBe(image_url);
      const file = join(t.config.dataDir, 'uploads', image_url.replace('/uploads/', ''));
      expect(() => readFileSync(file)).toThrow();
    });

    it('refuses other types and files over 5 MB with a 422 on the image field', async () => {
      const id = (await create(programmeBody({ name: 'Refused' }))).json().data.id;
      const gif = await sharp({
        create: { width: 10, height: 10, channels: 3, background: '#000' },
      })
        .gif()
        .toBuffer();
      const wrongType = await upload(id, gif, 'a.gif');
      expect(wrongType.statusCode).toBe(422);
      expect(wrongType.json().errors[0]).toMatchObject({
        detail: 'Upload a JPEG, PNG or WebP image',
        meta: { type: 'validate', field: 'image' },
      });
      const tooBig = await upload(id, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
      expect(tooBig.statusCode).toBe(422);
      expect(tooBig.json().errors[0]).toMatchObject({
        detail: 'The image must be at most 5 MB',
        meta: { field: 'image' },
      });
    });
  });
});
