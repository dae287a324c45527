import { roomResource } from '@atelier/contract';
import { resourceEndpoints } from '../../lib/resource-api';

/** Rooms (admins): the resource kit's endpoints (docs/architecture.md#adding-a-resource). */
export const roomHooks = resourceEndpoints(roomResource, {
  // A room's name shows on the schedules meeting in it.
  alsoInvalidates: { update: ['KlassGroup', 'KlassGroupSchedule'] },
});

export const { useListQuery: useRoomsQuery } = roomHooks;
