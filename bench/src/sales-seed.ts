// The sales bench's data set, written before its server starts (harness `prepare`), after the
// server's own seed command migrated the database and seeded the demo accounts: a programme, a
// plan and a schedule of its own, and SALES_ORDERS (100,000) paid orders of the demo student with
// their items and a refund on every tenth, inserted in bulk (generate_series) through the sales
// module's test helper, all in SALES_YEAR (2024), a year the demo's own orders (made days before
// the seed runs) never fall in. Run as its own process with the server's environment.
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import {
  klassGroupSchedulePlans,
  klassGroupSchedules,
  klassGroups,
  plans,
} from '../../apps/server/src/modules/classes/classes.tables';
import { users } from '../../apps/server/src/modules/users/users.tables';
import { insertBulkOrders } from '../../apps/server/src/read-models/sales/sales-testing';

const count = Number(process.env.SALES_ORDERS ?? '100000');
const year = Number(process.env.SALES_YEAR ?? '2024');
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const db = database.db;
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'student@atelier.test'));
  const [teacher] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'teacher@atelier.test'));
  if (!student || !teacher) throw new Error('the demo accounts are missing');
  const [group] = await db
    .insert(klassGroups)
    .values({ name: 'Bench Drawing', slug: 'bench-drawing', audience: 'kids', format: 'in_person' })
    .returning({ id: klassGroups.id });
  const [plan] = await db
    .insert(plans)
    .values({ name: 'Bench Term', basePrice: 0, unitPrice: 3500, unitType: 'class' })
    .returning({ id: plans.id });
  if (!group || !plan) throw new Error('no programme or plan');
  const [schedule] = await db
    .insert(klassGroupSchedules)
    .values({
      klassGroupId: group.id,
      name: 'Saturdays',
      teacherId: teacher.id,
      capacity: 20,
      timeZone: 'America/New_York',
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      slots: [{ weekday: 6, start_time: '10:00', end_time: '12:00' }],
    })
    .returning({ id: klassGroupSchedules.id });
  if (!schedule) throw new Error('no schedule');
  await db.insert(klassGroupSchedulePlans).values({ scheduleId: schedule.id, planId: plan.id });
  await insertBulkOrders(db, {
    count,
    userId: student.id,
    item: {
      scheduleId: schedule.id,
      programme: { id: String(group.id), name: 'Bench Drawing' },
      plan: { id: String(plan.id), name: 'Bench Term' },
      total: 0,
    },
    firstPaidAt: new Date(`${year}-01-01T05:00:00Z`),
    tag: 'bench',
  });
} finally {
  await database.close();
}
process.exit(0);
