import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attendeeProfiles } from '../../modules/users/users.tables';

// The passes module's reads of the users tables beyond those of any booking of one class
// (../klass-reads): the children's names. Selects only; the module writes its rows.

export async function childNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: attendeeProfiles.id, name: attendeeProfiles.name })
    .from(attendeeProfiles)
    .where(inArray(attendeeProfiles.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
