import { planResource } from '@atelier/contract';
import { AppError } from '../../lib/app-error';
import { resourceService } from '../../lib/resource-service';
import type { ClassesContext } from './classes.context';
import { planRows } from './plans.repository';

/** Plans (admins): the resource kit's service. */
export const planService = resourceService(planResource, planRows, {
  label: 'Plan',
  // A plan that a schedule offers cannot be deleted: it prices that schedule's bookings.
  inUse: (schedules) =>
    new AppError(
      'conflict',
      `This plan cannot be deleted: ${schedules} schedule${schedules === 1 ? ' offers' : 's offer'} it. Remove it from ${schedules === 1 ? 'that schedule' : 'those schedules'} first.`,
      { schedules },
    ),
  // Changing a plan changes the price of every schedule offering it (the catalogue shows it).
  afterUpdate: (ctx: ClassesContext) => ctx.changed(),
});
