import type { RoomAttributes, roomResource } from '@atelier/contract';
import { AppError, notFound } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { CreateFields } from '../../lib/resource-routes';
import { storedTranslations } from '../../lib/translated-content';
import type { ClassesContext } from './classes.context';
import {
  countRoomRows,
  deleteRoomRow,
  findRoomRow,
  insertRoomRow,
  listRoomRows,
  type RoomRow,
  roomUsageCounts,
  updateRoomRow,
} from './rooms.repository';

type RoomBody = CreateFields<typeof roomResource>;

const roomOf = (row: RoomRow, schedules: number) => ({
  id: String(row.id),
  type: 'rooms' as const,
  attributes: {
    name: row.name,
    capacity: row.capacity,
    translations: row.translations,
    schedules_count: schedules,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  } satisfies RoomAttributes,
});

export async function listRooms(ctx: ClassesContext, query: { page: number; search?: string }) {
  const filter = { search: query.search || undefined };
  const [total, rows] = await Promise.all([
    countRoomRows(ctx.db, filter),
    listRoomRows(ctx.db, filter, pageWindow(query.page)),
  ]);
  const usage = await roomUsageCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => roomOf(r, usage.get(r.id) ?? 0)),
    meta: pageMeta(query.page, total),
  };
}

export async function getRoom(ctx: ClassesContext, id: number) {
  const row = await findRoomRow(ctx.db, id);
  if (!row) throw notFound('Room');
  const usage = await roomUsageCounts(ctx.db, [id]);
  return { data: roomOf(row, usage.get(id) ?? 0) };
}

export async function createRoom(ctx: ClassesContext, fields: RoomBody) {
  const row = await insertRoomRow(ctx.db, {
    name: fields.name,
    capacity: fields.capacity,
    translations: storedTranslations(fields.translations ?? {}),
  });
  return { data: roomOf(row, 0) };
}

/** A room's name shows on the class pages of the schedules meeting in it. */
export async function updateRoom(ctx: ClassesContext, id: number, fields: RoomBody) {
  const row = await updateRoomRow(ctx.db, id, {
    name: fields.name,
    capacity: fields.capacity,
    translations: storedTranslations(fields.translations ?? {}),
  });
  if (!row) throw notFound('Room');
  ctx.changed();
  const usage = await roomUsageCounts(ctx.db, [id]);
  return { data: roomOf(row, usage.get(id) ?? 0) };
}

/** A room a schedule meets in cannot be deleted: the schedule would lose its place. */
export async function deleteRoom(ctx: ClassesContext, id: number): Promise<void> {
  const row = await findRoomRow(ctx.db, id);
  if (!row) throw notFound('Room');
  const inUse = (await roomUsageCounts(ctx.db, [id])).get(id) ?? 0;
  if (inUse > 0) throw roomInUse(inUse);
  try {
    await deleteRoomRow(ctx.db, id);
  } catch (error) {
    // A schedule took the room between the check and the delete: the foreign key refuses.
    if (isForeignKeyViolation(error)) throw roomInUse(1);
    throw error;
  }
}

const roomInUse = (schedules: number) =>
  new AppError(
    'conflict',
    `This room cannot be deleted: ${schedules} schedule${schedules === 1 ? ' meets' : 's meet'} in it. Move ${schedules === 1 ? 'that schedule' : 'those schedules'} first.`,
    { schedules },
  );
