import { FIRST_PAGE, type FlatKlassGroup, type FlatScheduleInGroup } from '@atelier/contract';
import { classesApi } from './classes-api';

// docs/product.md#client-state's klass lists, read from the classes endpoints' cache entries
// (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md).

type ClassesRootState = Parameters<ReturnType<typeof classesApi.endpoints.klassGroup.select>>[0];

/** A programme's schedule, with the programme it belongs to. */
export type KlassItem = FlatScheduleInGroup & { klass_group_id: string };

const NO_GROUPS: FlatKlassGroup[] = [];

const listEntry = (state: ClassesRootState) =>
  classesApi.endpoints.klassGroups.select({ page: FIRST_PAGE })(state).data;

/** `klassGroupLists`: the programmes listed so far, merged page by page. */
export const selectKlassGroupLists = (state: ClassesRootState): FlatKlassGroup[] =>
  listEntry(state)?.items ?? NO_GROUPS;

/** `klassGroupPage`: the last page merged into the programmes list (from 1). */
export const selectKlassGroupPage = (state: ClassesRootState): number =>
  listEntry(state)?.meta.page ?? FIRST_PAGE;

/** `klassList`: the schedules of every programme the cache holds, each with its programme. */
export function selectKlassList(state: ClassesRootState): KlassItem[] {
  return classesApi.util.selectCachedArgsForQuery(state, 'klassGroup').flatMap((id) => {
    const group = classesApi.endpoints.klassGroup.select(id)(state).data;
    return (group?.klass_group_schedules ?? []).map((s) => ({ ...s, klass_group_id: id }));
  });
}
