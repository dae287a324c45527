import { planResource, roomResource } from '@atelier/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { resourcePlugin } from '../../lib/resource-routes';
import { notify } from '../notifications';
import { requireRole } from '../users';
import { catalogueRoutes } from './catalogue.routes';
import { CatalogueCache } from './catalogue-cache';
import type { ClassesContext } from './classes.context';
import { klassGroupsRoutes } from './klass-groups.routes';
import { planService } from './plans.service';
import { roomService } from './rooms.service';
import { schedulesRoutes } from './schedules.routes';

/** Pub/sub channel on which an instance tells the others that the catalogue changed. */
export const CATALOGUE_CHANGED_CHANNEL = 'classes:catalogue-changed';

/**
 * How long a cached catalogue page is served without a write: bounds how stale seats left (holds
 * and enrollments are written by other modules) and "upcoming" may be.
 */
export const CATALOGUE_CACHE_TTL_MS = 5_000;

/** The classes module: programmes, schedules, sessions, plans, rooms, add-ons and the catalogue. */
const registerClassesRoutes: FastifyPluginAsync<
  { now?: () => Date } & Pick<ClassesContext, 'familiesEnrolledIn' | 'seatsFreed'>
> = async (app, opts) => {
  const cache = new CatalogueCache({ ttlMs: CATALOGUE_CACHE_TTL_MS, maxEntries: 500 });
  const ctx: ClassesContext = {
    db: app.db,
    images: app.images,
    now: opts.now ?? (() => new Date()),
    notify: (input) => notify(app, input),
    familiesEnrolledIn: opts.familiesEnrolledIn,
    seatsFreed: opts.seatsFreed,
    log: app.log,
    changed: () => {
      cache.invalidate();
      app.pubsub.publish(CATALOGUE_CHANGED_CHANNEL, {}).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not tell other instances the catalogue changed');
      });
    },
  };
  const unsubscribe = await app.pubsub.subscribe(CATALOGUE_CHANGED_CHANNEL, () =>
    cache.invalidate(),
  );
  app.addHook('onClose', () => unsubscribe());

  await app.register(klassGroupsRoutes, { ctx });
  await app.register(schedulesRoutes, { ctx });
  await app.register(
    resourcePlugin(planResource, {
      guard: requireRole('admin'),
      tags: ['plans (admin)'],
      summaries: {
        list: 'A page of plans, each with how many schedules offer it',
        create: 'Create a plan (prices in cents)',
        update: 'Change a plan',
        delete: 'Delete a plan; 409 while a schedule offers it',
      },
      handlers: planService.handlers(ctx),
    }),
  );
  await app.register(
    resourcePlugin(roomResource, {
      guard: requireRole('admin'),
      tags: ['rooms (admin)'],
      summaries: {
        list: 'A page of rooms by name, each with how many schedules meet in it',
        create: 'Create a room: a name (and its translations) and its seats',
        update: 'Replace a room’s name, translations and seats',
        delete: 'Delete a room; 409 while a schedule meets in it',
      },
      handlers: roomService.handlers(ctx),
    }),
  );
  await app.register(catalogueRoutes, { ctx, cache });
};

export const classesRoutes = fp(registerClassesRoutes, {
  name: 'classes',
  dependencies: ['db', 'storage', 'pubsub', 'auth', 'notifications'],
  encapsulate: true,
});
