import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { killAfter } from './lib/exit-deadline';
import { releaseLog } from './lib/logger';
import { RedisRateLimitStore } from './plugins/redis-rate-limit-store';
import { RedisPubSub } from './pubsub/redis-pubsub';
import { seedIfEmpty } from './seed/demo-seed';
import { startBanner } from './start-banner';

/** How long a shutdown may take before the process ends regardless. */
const SHUTDOWN_DEADLINE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config.database);
  await migrate(database);
  if (config.seedDemo) await seedIfEmpty(database.db);

  // Redis lets several server processes share one live stream (docs/architecture.md#live-channel); alone, memory will do.
  const prefix = config.redisPrefix;
  const redis = config.redisUrl
    ? new RedisPubSub(config.redisUrl, { channelPrefix: prefix })
    : undefined;
  // ...and count rate limits together, so N processes still allow a limit once (decision 020).
  const rateLimits = config.redisUrl
    ? new RedisRateLimitStore(config.redisUrl, prefix ? { keyPrefix: `${prefix}rate:` } : {})
    : undefined;
  const app = await buildApp(config, { database, ownsDatabase: true, pubsub: redis, rateLimits });
  redis?.setLogger(app.log);
  rateLimits?.setLogger(app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // First, before anything that may block the main thread: even the next log line does when
    // the log's reader has stopped reading and the logger's buffer is full (lib/exit-deadline.ts).
    const watchdog = killAfter(
      SHUTDOWN_DEADLINE_MS + 2_000,
      'shutdown did not end in time: killed',
    );
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Close stops accepting connections and waits for in-flight requests before resolving.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out after 10 s');
      void releaseLog(app.log, 500).then(() => process.exit(1));
    }, SHUTDOWN_DEADLINE_MS);
    timer.unref();
    // The timer above needs a free main thread; the watchdog does not.
    // Fastify closes the connections that are idle when shutdown starts; a keep-alive connection
    // whose request was still in flight becomes idle only once it is answered, and would then hold
    // the close open until the client drops it. Closing idle connections until the end fixes that.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    await app.close();
    clearInterval(closeIdle);
    await releaseLog(app.log, 1_000);
    await watchdog;
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(startBanner(config, port, database.kind));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
