import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { notificationsChannel } from './notifications.channel';
import { notificationsRoutes } from './notifications.routes';

/** The notifications module: its live channel and its routes. Registered after the cable plugin. */
const registerNotificationsPlugin: FastifyPluginAsync = async (app) => {
  app.cable.registerChannel(notificationsChannel);
  await app.register(notificationsRoutes);
};

export const notificationsPlugin = fp(registerNotificationsPlugin, {
  name: 'notifications',
  dependencies: ['db', 'pubsub', 'storage', 'auth', 'cable'],
  encapsulate: true,
});
