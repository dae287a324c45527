import { PHOTO_BOX_DEVICE_HEADER, PHOTO_BOXES_API } from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { klasses } from '../classes/classes.tables';
import { as, type Cast, multipartFile, programmeWithSchedule } from '../classes/classes-testing';

/** A small real JPEG, as a phone would send (any content check passes it). */
export const jpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: '#d94141' } })
    .jpeg()
    .toBuffer();

/** An ISO instant `hours` from now (negative: in the past). */
export const hoursFromNow = (hours: number): string =>
  new Date(Date.now() + hours * 3_600_000).toISOString();

/** A schedule taught by `c.teacher` and the ids of its first two sessions. */
export async function klassOfTeacher(t: TestApp, c: Cast) {
  const s = await programmeWithSchedule(t, c);
  const rows = await t.database.db
    .select({ id: klasses.id })
    .from(klasses)
    .where(eq(klasses.scheduleId, Number(s.scheduleId)))
    .orderBy(asc(klasses.startsAt))
    .limit(2);
  const [first, second] = rows;
  if (!first || !second) throw new Error('schedule without two sessions');
  return { ...s, klassId: first.id, secondKlassId: second.id };
}

export const openBox = (
  t: TestApp,
  who: { token: string } | undefined,
  body: { klass_id: unknown; closes_at: unknown },
) =>
  t.app.inject({
    method: 'POST',
    url: PHOTO_BOXES_API.boxes,
    headers: who ? as(who) : {},
    payload: { photo_box: body },
  });

/** Opens a box for `klassId` as `who`, closing in 2 hours; answers its id and token. */
export async function openedBox(t: TestApp, who: { token: string }, klassId: number) {
  const res = await openBox(t, who, { klass_id: String(klassId), closes_at: hoursFromNow(2) });
  if (res.statusCode !== 201) throw new Error(`open box: ${res.body}`);
  const data = res.json().data;
  return { id: data.id as string, token: data.attributes.token as string };
}

let deviceCounter = 0;

/**
 * Uploads `data` as the `photo` field through a box's link, from `address`, as a device of its own
 * unless `device` names one (null: no device header, as a client that sends none).
 */
export function uploadPhoto(
  t: TestApp,
  token: string,
  data: Buffer,
  options: { address?: string; field?: string; contentType?: string; device?: string | null } = {},
) {
  const body = multipartFile(
    options.field ?? 'photo',
    'photo.jpg',
    options.contentType ?? 'image/jpeg',
    data,
  );
  deviceCounter += 1;
  const device = options.device === undefined ? `test-device-${deviceCounter}` : options.device;
  return t.app.inject({
    method: 'POST',
    url: PHOTO_BOXES_API.upload(token),
    remoteAddress: options.address ?? '203.0.113.1',
    ...body,
    headers: { ...body.headers, ...(device === null ? {} : { [PHOTO_BOX_DEVICE_HEADER]: device }) },
  });
}

/** Uploads a photo and answers its id, or throws. */
export async function uploadedPhoto(t: TestApp, token: string, address?: string) {
  const res = await uploadPhoto(t, token, await jpeg(), { address });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.body}`);
  return res.json().data.id as string;
}
