import { planResource } from '@atelier/contract';
import { type ResourceListArgs, resourceEndpoints } from '../../lib/resource-api';

export type PlanListArgs = ResourceListArgs<typeof planResource>;

/** Plans (admins): the resource kit's endpoints (docs/architecture.md#adding-a-resource). */
export const planHooks = resourceEndpoints(planResource, {
  // A plan's price shows on every schedule offering it.
  alsoInvalidates: { update: ['KlassGroup', 'KlassGroupSchedule'] },
});

export const { useListQuery: usePlansQuery } = planHooks;
