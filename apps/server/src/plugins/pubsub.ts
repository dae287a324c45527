import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PubSub } from '../pubsub/pubsub';

declare module 'fastify' {
  interface FastifyInstance {
    pubsub: PubSub;
  }
}

export const pubsubPlugin = fp(
  async (app: FastifyInstance, opts: { pubsub: PubSub }) => {
    app.decorate('pubsub', opts.pubsub);
    app.addHook('onClose', () => opts.pubsub.close());
  },
  { name: 'pubsub' },
);
