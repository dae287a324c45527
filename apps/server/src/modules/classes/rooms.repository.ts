import { resourceRepository } from '../../lib/resource.repository';
import { klassGroupSchedules, rooms } from './classes.tables';

export type RoomRow = typeof rooms.$inferSelect;

/** Rooms, searched and listed by name; the schedules meeting in one are its uses. */
export const roomRows = resourceRepository(rooms, {
  search: [rooms.name],
  order: [rooms.name],
  usedBy: klassGroupSchedules.roomId,
});
