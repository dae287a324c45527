import { useScheduleQuery } from './classes-api';

/** Whether /manage_classes/{klass_group_id}/schedules/{id} names a schedule of that programme. */
export type ScheduleLookup = 'loading' | 'found' | 'not-found' | 'failed';

type ScheduleQueryState = {
  data?: { klass_group_id: string };
  error?: unknown;
  isLoading: boolean;
};

/**
 * A schedule answered for another programme is not found under this one, like an unknown id
 * (404): the page would otherwise show its waitlist and attendance under the wrong programme.
 * Any other failure is a load failure, which the page reports as such.
 */
export function scheduleLookup(query: ScheduleQueryState, klassGroupId: string): ScheduleLookup {
  if (query.error) {
    const status = (query.error as { status?: unknown }).status;
    return status === 404 ? 'not-found' : 'failed';
  }
  if (query.isLoading || !query.data) return 'loading';
  return query.data.klass_group_id === klassGroupId ? 'found' : 'not-found';
}

/** The schedule `id` looked up under the programme `klassGroupId` (shares ManageSchedule's query). */
export function useScheduleInProgramme(klassGroupId: string, id: string): ScheduleLookup {
  return scheduleLookup(useScheduleQuery(id), klassGroupId);
}
