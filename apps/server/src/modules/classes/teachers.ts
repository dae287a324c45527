import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type DbExecutor, type Person, peopleByIds } from '../users';
import { scheduleIdsTaughtByQuery, scheduleTeacherIdsQuery } from './schedules.repository';

/** What a schedule shows of its teacher: a person as the users module answers one. */
export type TeacherRow = Pick<Person, 'id' | 'name' | 'email' | 'role' | 'avatarKey'>;

/**
 * The teachers behind these user ids, one query for the whole set, asked of the users module
 * (docs/architecture.md#repository-layout-and-layers). Ids with no user are absent.
 */
export async function teacherRowsByIds(db: DbExecutor, ids: number[]): Promise<TeacherRow[]> {
  return [...(await peopleByIds(db, ids)).values()];
}

/**
 * Who teaches a schedule, as a subquery another module's statement embeds (the users module's
 * instructors): the read stays one statement without that module reading the schedules table.
 */
export function scheduleTeacherIds(db: Db): SQLWrapper {
  return scheduleTeacherIdsQuery(db);
}

/**
 * The schedules a teacher teaches, as a subquery of their ids another module's statement embeds
 * (the gallery's "teaches the student"), so that module never names the schedules table.
 */
export function schedulesTaughtBy(teacherId: number): SQLWrapper {
  return scheduleIdsTaughtByQuery(teacherId);
}
