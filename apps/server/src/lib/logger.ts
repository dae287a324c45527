import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { type DestinationStream, type LoggerOptions, pino } from 'pino';
import type { Config } from '../config';
import { redactUrl } from './redact-url';

/**
 * The request serializer, for any log call that passes `req`: no headers (so no bearer token or
 * cookie), and URL secrets redacted.
 */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const loggerOptions = (config: Pick<Config, 'logLevel'>): LoggerOptions => ({
  level: config.logLevel,
  serializers: { req: serializeRequest },
});

/**
 * The server's pino logger, or false when LOG_LEVEL is silent. By default it writes to stdout
 * asynchronously: lines written while a write is in flight go out in one syscall, where a
 * synchronous write per line cost a cheap request several percent of its CPU. pino flushes what is left
 * when the process exits (the shutdown path ends with process.exit), so only a hard kill can lose
 * the last lines. Tests pass their own destination to read what was logged.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): FastifyBaseLogger | false {
  if (config.logLevel === 'silent') return false;
  return pino(loggerOptions(config), destination ?? pino.destination({ dest: 1, sync: false }));
}

/**
 * One access-log line per request, written when the response has finished (Fastify's default
 * writes two: one on arrival, one on completion; logging was then a third of the CPU of a cheap
 * request such as GET /api/v1/users/me). Flat fields of strings and numbers, which pino writes
 * without its generic (slower) object serializer. Like serializeRequest: no headers, and the URL
 * redacted. The request id is already bound to request.log.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      remoteAddress: request.ip,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}

/** What `releaseLog` reads of the asynchronous stdout destination (pino's sonic-boom). */
type BufferedDestination = {
  destroyed?: boolean;
  destroy?: () => void;
  /** sonic-boom's count of characters not yet written; it has no public accessor for it. */
  _len?: number;
  _writing?: boolean;
};

/**
 * The last step before a shutdown's exit: waits up to `ms` for the log's buffered lines to reach
 * stdout, then, if they cannot (the reader is gone or no longer reads), drops them. Dropping
 * matters: at exit pino flushes synchronously and retries without end on a pipe that takes nothing,
 * so the process would never exit (lib/exit-deadline.ts holds the last-resort deadline).
 */
export async function releaseLog(log: FastifyBaseLogger, ms: number): Promise<void> {
  const destination = (log as unknown as Record<symbol, BufferedDestination | undefined>)[
    pino.symbols.streamSym
  ];
  if (!destination || destination.destroyed || typeof destination.destroy !== 'function') return;
  const pending = () => Boolean(destination._writing) || (destination._len ?? 0) > 0;
  const until = Date.now() + ms;
  while (pending() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  if (pending()) destination.destroy();
}
