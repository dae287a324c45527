import { asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { klassGroupSchedulePlans, plans } from './classes.tables';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;

export function listPlanRows(
  db: Db,
  filter: { search?: string },
  page: { offset: number; limit: number },
): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(filter.search ? ilike(plans.name, likePattern(filter.search)) : undefined)
    .orderBy(asc(plans.name), asc(plans.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPlanRows(db: Db, filter: { search?: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(plans)
    .where(filter.search ? ilike(plans.name, likePattern(filter.search)) : undefined);
  return row?.n ?? 0;
}

export async function findPlanRow(db: Db, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

export function planRowsByIds(db: Db, ids: number[]): Promise<PlanRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(plans).where(inArray(plans.id, ids));
}

/** How many schedules offer each plan. */
export async function planUsageCounts(db: Db, planIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(planIds.map((id) => [id, 0]));
  if (planIds.length === 0) return out;
  const rows = await db
    .select({ planId: klassGroupSchedulePlans.planId, n: count() })
    .from(klassGroupSchedulePlans)
    .where(inArray(klassGroupSchedulePlans.planId, planIds))
    .groupBy(klassGroupSchedulePlans.planId);
  for (const row of rows) out.set(row.planId, row.n);
  return out;
}

export async function insertPlanRow(db: Db, values: NewPlanRow): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePlanRow(
  db: Db,
  id: number,
  values: Partial<NewPlanRow>,
): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(plans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  return row;
}

export async function deletePlanRow(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id });
  return rows.length > 0;
}
