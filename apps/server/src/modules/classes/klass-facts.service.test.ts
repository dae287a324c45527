import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Cast, programmeWithSchedule } from './classes-testing';
import { klassFactsByIds } from './klass-facts.service';

// What other modules are told of a session: its times, its schedule and its programme with what
// each has written in other languages (docs/architecture.md#repository-layout-and-layers), read
// from the same derived table the gallery joins.
describe('klassFactsByIds', () => {
  let t: TestApp;
  let c: Cast;
  let made: Awaited<ReturnType<typeof programmeWithSchedule>>;
  let klassIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    made = await programmeWithSchedule(t, c, {
      programme: {
        name: 'Clay Studio',
        slug: 'clay-studio-facts',
        translations: { ja: { name: '陶芸スタジオ' } },
      },
      schedule: { name: 'Saturday mornings', translations: { ja: { name: '土曜の朝' } } },
    });
    klassIds = (made.schedule.included as { type: string; id: string }[])
      .filter((r) => r.type === 'klasses')
      .map((r) => Number(r.id));
  }, 60_000);
  afterAll(() => t.close());

  it('answers each session with its schedule and programme, translations and all', async () => {
    const [first, second] = klassIds;
    const facts = await klassFactsByIds(t.database.db, [first ?? 0, second ?? 0, first ?? 0, -1]);
    expect([...facts.keys()].sort((a, b) => a - b)).toEqual([first, second]);
    const klass = facts.get(first ?? 0);
    expect(klass).toEqual({
      id: first,
      startsAt: new Date('2030-01-05T15:00:00.000Z'),
      endsAt: new Date('2030-01-05T17:00:00.000Z'),
      status: 'scheduled',
      scheduleId: Number(made.scheduleId),
      schedule: {
        id: Number(made.scheduleId),
        name: 'Saturday mornings',
        capacity: 10,
        teacherId: c.teacher.id,
        timeZone: 'America/New_York',
        translations: { ja: { name: '土曜の朝' } },
        klassGroup: {
          id: Number(made.groupId),
          name: 'Clay Studio',
          slug: 'clay-studio-facts',
          published: true,
          translations: { ja: { name: '陶芸スタジオ' } },
        },
      },
    });
    expect(await klassFactsByIds(t.database.db, [])).toEqual(new Map());
  });
});
