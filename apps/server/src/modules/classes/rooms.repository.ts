import { asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { klassGroupSchedules, rooms } from './classes.tables';

export type RoomRow = typeof rooms.$inferSelect;
export type NewRoomRow = typeof rooms.$inferInsert;

const matching = (search?: string) => (search ? ilike(rooms.name, likePattern(search)) : undefined);

export function listRoomRows(
  db: Db,
  filter: { search?: string },
  page: { offset: number; limit: number },
): Promise<RoomRow[]> {
  return db
    .select()
    .from(rooms)
    .where(matching(filter.search))
    .orderBy(asc(rooms.name), asc(rooms.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRoomRows(db: Db, filter: { search?: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rooms).where(matching(filter.search));
  return row?.n ?? 0;
}

export async function findRoomRow(db: Db, id: number): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id));
  return row;
}

export function roomRowsByIds(db: Db, ids: number[]): Promise<RoomRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(rooms).where(inArray(rooms.id, ids));
}

/** How many schedules meet in each room. */
export async function roomUsageCounts(db: Db, roomIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(roomIds.map((id) => [id, 0]));
  if (roomIds.length === 0) return out;
  const rows = await db
    .select({ roomId: klassGroupSchedules.roomId, n: count() })
    .from(klassGroupSchedules)
    .where(inArray(klassGroupSchedules.roomId, roomIds))
    .groupBy(klassGroupSchedules.roomId);
  for (const row of rows) if (row.roomId !== null) out.set(row.roomId, row.n);
  return out;
}

export async function insertRoomRow(db: Db, values: NewRoomRow): Promise<RoomRow> {
  const [row] = await db.insert(rooms).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateRoomRow(
  db: Db,
  id: number,
  values: Partial<NewRoomRow>,
): Promise<RoomRow | undefined> {
  const [row] = await db
    .update(rooms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(rooms.id, id))
    .returning();
  return row;
}

export async function deleteRoomRow(db: Db, id: number): Promise<void> {
  await db.delete(rooms).where(eq(rooms.id, id));
}
