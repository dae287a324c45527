import { resourceRepository } from '../../lib/resource.repository';
import { klassGroupSchedulePlans, plans } from './classes.tables';

export type PlanRow = typeof plans.$inferSelect;

/** Plans, searched and listed by name; the schedules offering one are its uses. */
export const planRows = resourceRepository(plans, {
  search: [plans.name],
  order: [plans.name],
  usedBy: klassGroupSchedulePlans.planId,
});
