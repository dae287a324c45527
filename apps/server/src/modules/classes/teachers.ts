import { type DbExecutor, type Person, peopleByIds } from '../users';

/** What a schedule shows of its teacher: a person as the users module answers one. */
export type TeacherRow = Pick<Person, 'id' | 'name' | 'email' | 'role' | 'avatarKey'>;

/**
 * The teachers behind these user ids, one query for the whole set, asked of the users module
 * (docs/architecture.md#repository-layout-and-layers). Ids with no user are absent.
 */
export async function teacherRowsByIds(db: DbExecutor, ids: number[]): Promise<TeacherRow[]> {
  return [...(await peopleByIds(db, ids)).values()];
}
