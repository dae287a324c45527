import { flatten } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo-seed';
import { createTestApp, type TestApp } from '../../testing/test-app';

type FlatProgramme = {
  slug: string;
  description: string;
  klass_group_schedules: {
    name: string;
    teacher: { name: string };
    klass_group_schedule_plans: unknown[];
    klasses: unknown[];
    start_date: string;
  }[];
};

describe('demo seed of classes', { timeout: 120_000 }, () => {
  let t: TestApp;
  let jwt: (email: string) => Promise<string>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.db);
    jwt = async (email) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/sign_in',
        payload: {
          auth: {
            email,
            password: email.startsWith('parent') ? 'atelier-parent-2026' : 'atelier-teacher-2026',
          },
        },
      });
      return res.json().data.jwt;
    };
  }, 120_000);
  afterAll(() => t.close());

  it('publishes every programme of the public menu, each with current schedules, plans and upcoming sessions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/catalogue/klass_groups' });
    const programmes = flatten(res.json()) as unknown as FlatProgramme[];
    expect(programmes.map((p) => p.slug).sort()).toEqual(
      [
        'observational-drawing',
        'comics-drawing',
        'art-science',
        'summer-art-camp',
        'studio-hours',
        'open-house',
        'portfolio-support',
        'private-instruction',
        'figure-drawing',
        'drawing-lab',
        'special-events',
      ].sort(),
    );
    for (const programme of programmes) {
      expect(programme.description.length).toBeGreaterThan(80);
      expect(programme.klass_group_schedules.length).toBeGreaterThan(0);
      for (const schedule of programme.klass_group_schedules) {
        expect(schedule.teacher.name).toBe('Theo Teacher');
        expect(schedule.klass_group_schedule_plans.length).toBeGreaterThan(0);
        expect(schedule.klasses.length).toBeGreaterThan(0);
      }
    }
  });

  it("shows the teacher's and the parent's sessions in their calendars", async () => {
    const from = new Date();
    const to = new Date(from.getTime() + 30 * 86_400_000);
    const url = `/api/v1/calendar/klasses?from=${from.toISOString()}&to=${to.toISOString()}`;
    const teacher = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await jwt('teacher@atelier.test')}` },
    });
    expect(teacher.json().data.length).toBeGreaterThan(10);
    const parent = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${await jwt('parent@atelier.test')}` },
    });
    const titles = new Set(
      parent.json().data.map((k: { attributes: { title: string } }) => k.attributes.title),
    );
    expect([...titles]).toEqual(['Observational Drawing']);
  });
});
