import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoProgrammeIds } from '../classes';
import { passes } from './passes.tables';

/**
 * The demo class pass: visits of the open studio, so the demo shows a pass on sale on /orders,
 * one to edit on /manage_passes, and drop-ins to book with it
 * (docs/decisions/076-class-passes-and-drop-ins.md).
 */
export const DEMO_PASS = {
  name: 'Studio Hours 5-visit pass',
  nameJa: 'スタジオアワー 5回券',
  visits: 5,
  price: 10_000,
  validityDays: 90,
  programmes: ['studio-hours'],
} as const;

/** Seeds the demo pass after the demo catalogue. Running it again changes nothing. */
export async function seedDemoPasses(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: passes.id })
    .from(passes)
    .where(eq(passes.name, DEMO_PASS.name));
  if (existing) return;
  const programmeIds = await demoProgrammeIds(db, DEMO_PASS.programmes);
  if (programmeIds.length === 0) return;
  await db.insert(passes).values({
    name: DEMO_PASS.name,
    translations: { ja: { name: DEMO_PASS.nameJa } },
    visits: DEMO_PASS.visits,
    price: DEMO_PASS.price,
    validityDays: DEMO_PASS.validityDays,
    klassGroupIds: programmeIds,
  });
}
