import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { seedDemoClasses } from '../classes';
import { demoAttendees, seedDemoUsers } from '../users';
import { DEMO_ENROLLMENTS, seedDemoEnrollments } from './enrollments.seed';
import { rosterOfSchedule } from './enrollments.service';

describe('demo enrollments', () => {
  let database: TestDatabase;
  let scheduleIds: Map<string, number>;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoUsers(database.db);
    scheduleIds = await seedDemoClasses(database.db);
    await seedDemoEnrollments(database.db, scheduleIds);
  }, 120_000);
  afterAll(() => database.close());

  it('put each demo attendee on the roll of the schedule the classes seed made', async () => {
    const attendees = await demoAttendees(database.db);
    for (const { attendee, schedule } of DEMO_ENROLLMENTS) {
      const scheduleId = scheduleIds.get(schedule);
      expect(scheduleId, schedule).toBeDefined();
      const roster = await rosterOfSchedule(database.db, scheduleId as number);
      expect(roster.map((r) => r.attendee.id)).toEqual([attendees.get(attendee)?.id]);
    }
  });
});
