import { roomResource } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../lib/resource-routes';
import { requireRole } from '../users';
import type { ClassesRouteOptions } from './classes.context';
import { createRoom, deleteRoom, getRoom, listRooms, updateRoom } from './rooms.service';

/** Admin CRUD of the rooms schedules meet in. */
export const roomsRoutes: FastifyPluginAsyncZod<ClassesRouteOptions> = async (app, { ctx }) => {
  resourceRoutes(app, roomResource, {
    guard: requireRole('admin'),
    tags: ['rooms (admin)'],
    summaries: {
      list: 'A page of rooms by name, each with how many schedules meet in it',
      create: 'Create a room: a name (and its translations) and its seats',
      get: 'One room',
      update: 'Replace a room’s name, translations and seats',
      delete: 'Delete a room; 409 while a schedule meets in it',
    },
    handlers: {
      list: (query) => listRooms(ctx, query),
      create: (fields) => createRoom(ctx, fields),
      get: (id) => getRoom(ctx, id),
      update: (id, fields) => updateRoom(ctx, id, fields),
      delete: (id) => deleteRoom(ctx, id),
    },
    moreErrors: { delete: [409] },
  });
};
