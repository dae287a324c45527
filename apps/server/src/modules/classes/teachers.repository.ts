import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../users/users.tables';

export type TeacherRow = {
  id: number;
  name: string;
  email: string;
  role: 'student' | 'teacher' | 'admin';
  avatarKey: string | null;
};

/**
 * The few user fields a schedule shows of its teacher, for many users in one query. This reads
 * the users table directly because the users module has no batch lookup to call yet; it touches
 * no column but these and writes nothing. Move it behind a users service when one exists.
 */
export function teacherRowsByIds(db: Db, ids: number[]): Promise<TeacherRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      avatarKey: users.avatarKey,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
