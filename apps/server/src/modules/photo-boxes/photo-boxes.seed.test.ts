import { PHOTO_BOXES_API, photoBoxListDocumentSchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo-seed';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('demo seed of photo boxes', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.db);
  }, 120_000);
  afterAll(() => t.close());

  it('gives the demo teacher one open box for their next session, whose link works', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/sign_in',
      payload: { auth: { email: 'teacher@atelier.test', password: 'atelier-teacher-2026' } },
    });
    const jwt: string = signIn.json().data.jwt;
    const res = await t.app.inject({
      method: 'GET',
      url: PHOTO_BOXES_API.boxes,
      headers: { authorization: `Bearer ${jwt}` },
    });
    const { data } = photoBoxListDocumentSchema.parse(res.json());
    expect(data).toHaveLength(1);
    const box = data[0]?.attributes;
    expect(box?.open).toBe(true);
    expect(new Date(box?.klass.starts_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    const link = await t.app.inject({ method: 'GET', url: PHOTO_BOXES_API.box(box?.token ?? '') });
    expect(link.json().data.attributes.open).toBe(true);
  });
});
