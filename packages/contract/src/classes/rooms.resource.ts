import { z } from 'zod';
import { pageQuerySchema } from '../common/page.schemas';
import { defineResource } from '../common/resource';
import { textSchema } from '../common/text.schemas';
import { translationsSchema } from '../common/translations.schemas';
import { MAX_CAPACITY } from './classes.constants';
import { requiredText } from './fields';

/** The rooms where schedules meet: their paths (admins). */
export const ROOMS_API = {
  rooms: '/api/v1/rooms',
  room: (id: string | number) => `/api/v1/rooms/${id}`,
} as const;

/** What an admin sets on a room: its name (translatable) and how many seats it has. */
export const roomFieldsSchema = z.object({
  name: requiredText(80),
  capacity: z
    .int({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a whole number') })
    .min(1, 'Must be at least 1')
    .max(MAX_CAPACITY, `Must be at most ${MAX_CAPACITY}`),
});
export type RoomFields = z.infer<typeof roomFieldsSchema>;

/** A room as admins read it: the English name, its translations, and the schedules meeting in it. */
export const roomAttributesSchema = roomFieldsSchema.extend({
  translations: translationsSchema({ name: textSchema({ max: 80 }) }),
  schedules_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoomAttributes = z.infer<typeof roomAttributesSchema>;

/** Rooms as an admin-managed resource (docs/architecture.md#adding-a-resource). */
export const roomResource = defineResource({
  name: 'room',
  type: 'rooms',
  paths: { collection: ROOMS_API.rooms, member: ROOMS_API.room },
  fields: {
    name: { kind: 'text', label: 'manageRooms.name', required: true, max: 80, translatable: true },
    capacity: { kind: 'number', label: 'manageRooms.capacity', required: true },
  },
  attributes: roomAttributesSchema,
  create: roomFieldsSchema,
  // A room a schedule meets in is not deleted; schedules show its name.
  uses: { attribute: 'schedules_count', label: 'manageRooms.schedules' },
  shownIn: ['klass_group', 'klass_group_schedule'],
  listQuery: pageQuerySchema.extend({ search: textSchema({ max: 100 }).optional() }),
});
