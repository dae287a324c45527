import type {
  PlanDocument,
  PlanFields,
  PlanListDocument,
  updatePlanBodySchema,
} from '@atelier/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { storedTranslations } from '../../lib/translated-content';
import type { ClassesContext } from './classes.context';
import { planResource } from './classes.resources';
import {
  countPlanRows,
  deletePlanRow,
  findPlanRow,
  insertPlanRow,
  listPlanRows,
  planUsageCounts,
  updatePlanRow,
} from './plans.repository';

type PlanPatch = z.output<typeof updatePlanBodySchema>['plan'];

export async function listPlans(
  ctx: ClassesContext,
  query: { page: number; search?: string },
): Promise<PlanListDocument> {
  const filter = { search: query.search || undefined };
  const [total, rows] = await Promise.all([
    countPlanRows(ctx.db, filter),
    listPlanRows(ctx.db, filter, pageWindow(query.page)),
  ]);
  const usage = await planUsageCounts(
    ctx.db,
    rows.map((p) => p.id),
  );
  return {
    data: rows.map((p) => planResource(p, usage.get(p.id) ?? 0)),
    meta: pageMeta(query.page, total),
  };
}

export async function getPlan(ctx: ClassesContext, id: number): Promise<PlanDocument> {
  const row = await findPlanRow(ctx.db, id);
  if (!row) throw notFound('Plan');
  const usage = await planUsageCounts(ctx.db, [id]);
  return { data: planResource(row, usage.get(id) ?? 0) };
}

export async function createPlan(ctx: ClassesContext, fields: PlanFields): Promise<PlanDocument> {
  const row = await insertPlanRow(ctx.db, {
    name: fields.name,
    basePrice: fields.base_price,
    unitPrice: fields.unit_price,
    unitType: fields.unit_type,
    translations: storedTranslations(fields.translations),
  });
  return { data: planResource(row, 0) };
}

/** Changing a plan changes the price of every schedule offering it (the catalogue shows it). */
export async function updatePlan(
  ctx: ClassesContext,
  id: number,
  patch: PlanPatch,
): Promise<PlanDocument> {
  const row = await updatePlanRow(ctx.db, id, {
    name: patch.name,
    basePrice: patch.base_price,
    unitPrice: patch.unit_price,
    unitType: patch.unit_type,
    translations: patch.translations && storedTranslations(patch.translations),
  });
  if (!row) throw notFound('Plan');
  ctx.changed();
  const usage = await planUsageCounts(ctx.db, [id]);
  return { data: planResource(row, usage.get(id) ?? 0) };
}

/** A plan that a schedule offers cannot be deleted: it prices that schedule's bookings. */
export async function deletePlan(ctx: ClassesContext, id: number): Promise<void> {
  const row = await findPlanRow(ctx.db, id);
  if (!row) throw notFound('Plan');
  const inUse = (await planUsageCounts(ctx.db, [id])).get(id) ?? 0;
  if (inUse > 0) throw planInUse(inUse);
  try {
    await deletePlanRow(ctx.db, id);
  } catch (error) {
    // A schedule took the plan between the check and the delete: the foreign key refuses.
    if (isForeignKeyViolation(error)) throw planInUse(1);
    throw error;
  }
}

const planInUse = (schedules: number) =>
  new AppError(
    'conflict',
    `This plan cannot be deleted: ${schedules} schedule${schedules === 1 ? ' offers' : 's offer'} it. Remove it from ${schedules === 1 ? 'that schedule' : 'those schedules'} first.`,
    { schedules },
  );
