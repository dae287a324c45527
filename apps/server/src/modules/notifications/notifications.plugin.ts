import type { FastifyPluginAsync } from 'fastify';
import { notificationsChannel } from './notifications.channel';
import { notificationsRoutes } from './notifications.routes';

/** The notifications module: its live channel and its routes. Registered after the cable plugin. */
export const notificationsPlugin: FastifyPluginAsync = async (app) => {
  app.cable.registerChannel(notificationsChannel);
  await app.register(notificationsRoutes);
};
