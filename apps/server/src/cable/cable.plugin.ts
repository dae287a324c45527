import { API, CABLE_PING_INTERVAL_MS, CABLE_PROTOCOL, CABLE_TOKEN_PARAM } from '@atelier/contract';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { PUBSUB_CHANNELS } from '../pubsub/pubsub';
import { CableConnection, type CableHub } from './cable-connection';
import {
  type CableIdentity,
  type CableRegistry,
  type Channel,
  createChannelRegistry,
} from './channels';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channels: a module registers its own (docs/architecture.md#adding-a-live-channel). */
    cable: CableRegistry;
  }
}

export type CablePluginOptions = {
  /**
   * Verifies a session token (throws when refused). Defaults to the app's session service
   * (`app.sessions`, modules/users/auth.plugin.ts), which must be registered before this plugin.
   */
  authenticate?: (token: string) => Promise<CableIdentity>;
  pingIntervalMs?: number;
  /** How long shutdown waits for clients to acknowledge the close before cutting them off. */
  shutdownTimeoutMs?: number;
};

/** Commands are a few hundred bytes; anything near this is not our client. */
const MAX_FRAME_BYTES = 64 * 1024;
/**
 * Open sockets one session token may hold on a process: a browser shares its token between its
 * tabs, one socket each, and ten tabs of the app is plenty. More is a script opening sockets
 * to hold server memory; the next one is refused (`too_many_connections`, no reconnect).
 */
export const MAX_SOCKETS_PER_TOKEN = 10;

// Revocations come from any process through pub/sub: parse them, never trust their shape.
const sessionEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('revoked'), jti: z.string() }),
  z.object({ type: z.literal('revoked_all'), userId: z.coerce.string(), before: z.number() }),
]);

/**
 * `/cable?token=JWT`: the ActionCable protocol server of docs/architecture.md#live-channel, so the official
 * `@rails/actioncable` client works unchanged. Broadcasts arrive through `app.pubsub`, so a socket
 * on this process receives what any process publishes. Decorates `app.cable`, with which modules
 * registered after this plugin add their channels; the socket server itself stays encapsulated,
 * so the WebSocket plugin's hooks touch no other route.
 */
export const cablePlugin = fp(
  async (app: FastifyInstance, opts: CablePluginOptions) => {
    const registry = createChannelRegistry();
    app.decorate('cable', { registerChannel: registry.registerChannel });
    app.addHook('onReady', async () => registry.close());
    await app.register(cableServer, { ...opts, channels: registry.channels });
  },
  { name: 'cable', dependencies: ['auth', 'pubsub'] },
);

type CableServerOptions = CablePluginOptions & { channels: ReadonlyMap<string, Channel> };

const cableServer: FastifyPluginAsync<CableServerOptions> = async (app, opts) => {
  const authenticate =
    opts.authenticate ??
    (async (token: string): Promise<CableIdentity> => {
      const { user, claims } = await app.sessions.verifySessionToken(token);
      return {
        userId: String(user.id),
        jti: claims.jti,
        issuedAtMs: Math.round(claims.iat * 1000),
        expiresAtMs: claims.exp * 1000,
      };
    });

  /** Every socket, welcomed or not: shutdown must reach them all. */
  const sockets = new Set<CableConnection>();
  /** Welcomed sockets, by their token's jti and by user, for revocations. */
  const byJti = new Map<string, Set<CableConnection>>();
  const byUser = new Map<string, Set<CableConnection>>();
  let revocationEpoch = 0;
  let shuttingDown = false;

  const hub: CableHub = {
    pubsub: app.pubsub,
    channels: opts.channels,
    authenticate,
    revocationEpoch: () => revocationEpoch,
    register(connection) {
      const identity = connection.identity;
      if (!identity) return false;
      if ((byJti.get(identity.jti)?.size ?? 0) >= MAX_SOCKETS_PER_TOKEN) return false;
      addTo(byJti, identity.jti, connection);
      addTo(byUser, identity.userId, connection);
      return true;
    },
    forget(connection) {
      sockets.delete(connection);
      const identity = connection.identity;
      if (!identity) return;
      removeFrom(byJti, identity.jti, connection);
      removeFrom(byUser, identity.userId, connection);
    },
  };

  const onSessionEvent = (raw: unknown) => {
    const event = sessionEventSchema.safeParse(raw);
    if (!event.success) {
      app.log.warn('cable: ignored a malformed session event');
      return;
    }
    revocationEpoch++;
    if (event.data.type === 'revoked') {
      for (const connection of [...(byJti.get(event.data.jti) ?? [])]) {
        connection.disconnect('unauthorized', false);
      }
      return;
    }
    const { before } = event.data;
    for (const connection of [...(byUser.get(event.data.userId) ?? [])]) {
      if ((connection.identity?.issuedAtMs ?? 0) < before) {
        connection.disconnect('unauthorized', false);
      }
    }
  };

  // Rails' heartbeat: one beat for every socket, not a timer each. The client counts a socket
  // stale after 6 s without a message (docs/product.md#constants), hence 3 s.
  const beat = setInterval(() => {
    const message = Math.floor(Date.now() / 1000);
    for (const connection of sockets) {
      if (connection.identity) connection.transmit({ type: 'ping', message });
    }
  }, opts.pingIntervalMs ?? CABLE_PING_INTERVAL_MS);
  beat.unref();

  let stopSessionEvents: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopSessionEvents = await app.pubsub.subscribe(PUBSUB_CHANNELS.sessions, onSessionEvent);
  });

  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: MAX_FRAME_BYTES,
      // The official client refuses a socket without its subprotocol (Connection#isProtocolSupported).
      handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
    },
    // A frame over the size limit, invalid UTF-8 or a dropped connection is the client's doing:
    // ws has already answered with the close code, so it gets one quiet line, not an error with
    // a stack per socket anyone can open. Anything else is logged as the error it is.
    // (app.log, not request.log: the route logs only warnings, to keep the token out of the log.)
    errorHandler: (error, socket, request) => {
      const reqId = request.id;
      if (isClientSocketError(error)) {
        app.log.debug({ reqId, code: errorCode(error) }, 'cable: socket closed on a client error');
      } else {
        app.log.error({ reqId, err: error }, 'cable: socket error');
      }
      socket.terminate();
    },
    // Graceful shutdown: tell every client to come back (to another instance, or this one after
    // the restart), wait briefly for the close handshakes, then stop the streams.
    preClose: async () => {
      shuttingDown = true;
      clearInterval(beat);
      await stopSessionEvents?.();
      const open = [...sockets];
      for (const connection of open) connection.disconnect('server_restart', true);
      const timeoutMs = opts.shutdownTimeoutMs ?? 2000;
      await Promise.all(open.map((connection) => connection.closedWithin(timeoutMs)));
      await Promise.all(open.map((connection) => connection.settled()));
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });

  // The token rides in the URL (browsers cannot set headers on a WebSocket), so this route logs
  // only warnings: Fastify's request lines would otherwise write the token into the logs.
  app.get(API.cable, { websocket: true, logLevel: 'warn' }, (socket, request) => {
    const log = app.log.child({ reqId: request.id });
    const connection = new CableConnection(socket, hub, log);
    if (shuttingDown) {
      connection.disconnect('server_restart', true);
      return;
    }
    sockets.add(connection);
    const query = request.query as Record<string, unknown>;
    const token = query[CABLE_TOKEN_PARAM];
    connection.open(typeof token === 'string' && token !== '' ? token : undefined);
  });
};

const errorCode = (error: Error): string | undefined =>
  (error as Error & { code?: unknown }).code?.toString();

/** ws names the protocol errors a peer causes `WS_ERR_…`; the rest are socket resets. */
function isClientSocketError(error: Error): boolean {
  const code = errorCode(error);
  return code !== undefined && (code.startsWith('WS_ERR_') || CLIENT_RESETS.has(code));
}
const CLIENT_RESETS = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
