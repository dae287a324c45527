import { PASSES_API, passResource } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoClasses } from '../classes';
import { as, person } from '../classes/classes-testing';
import { seedDemoUsers } from '../users';
import { setTestUserLocale } from '../users/users-testing';
import { DEMO_PASS, seedDemoPasses } from './passes.seed';

describe('demo seed of a class pass', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoUsers(t.database.db);
    await seedDemoClasses(t.database.db);
    // Twice: a second run changes nothing.
    await seedDemoPasses(t.database.db);
    await seedDemoPasses(t.database.db);
  }, 120_000);
  afterAll(() => t.close());

  it('puts one pass of the open studio on sale, named in English and Japanese', async () => {
    const family = await person(t, 'student', 'Pass Reader');
    const reader = await person(t, 'student', 'Japanese Pass Reader');
    const staff = await person(t, 'admin', 'Pass Editor');
    const listed = (language: string, who = family) =>
      t.app.inject({
        method: 'GET',
        url: PASSES_API.passes,
        headers: { ...as(who), 'accept-language': language },
      });
    const english = passResource.listDocumentSchema.parse((await listed('en')).json());
    expect(english.data).toHaveLength(1);
    expect(english.data[0]?.attributes).toMatchObject({
      name: DEMO_PASS.name,
      visits: 5,
      price: 10_000,
      validity_days: 90,
    });
    const catalogue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/catalogue/klass_groups/studio-hours',
    });
    expect(english.data[0]?.attributes.klass_group_ids).toEqual([Number(catalogue.json().data.id)]);
    // A family reading Japanese; an admin reads it as written, to edit it.
    await setTestUserLocale(t.database.db, reader.id, 'ja');
    const japanese = passResource.listDocumentSchema.parse((await listed('ja', reader)).json());
    expect(japanese.data[0]?.attributes.name).toBe(DEMO_PASS.nameJa);
    const admin = passResource.listDocumentSchema.parse((await listed('ja', staff)).json());
    expect(admin.data[0]?.attributes).toMatchObject({
      name: DEMO_PASS.name,
      translations: { ja: { name: DEMO_PASS.nameJa } },
    });
  });
});
