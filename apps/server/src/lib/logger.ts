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

/** A request this slow is worth a line in development, whatever its status. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Development logs read by a person in a terminal: a request gets a line only when it failed
 * (4xx, 5xx, an error) or was slow, and every line is short text rather than JSON. Production (and
 * tests) keep one JSON line per request, for log tooling.
 */
export const isQuietLog = (config: Pick<Config, 'env'>) => config.env === 'development';

/** Whether a finished request is worth a line in a quiet (development) log. */
export function isNotableRequest(statusCode: number, responseTimeMs: number, errored: boolean) {
  return errored || statusCode >= 400 || responseTimeMs >= SLOW_REQUEST_MS;
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/**
 * One pino JSON record as one short line for a terminal: `12:03:04 WARN GET /x 404 12 ms` for a
 * request, `12:03:04 WARN message` (and an error's stack) for anything else.
 */
export function formatDevLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now())
    .toISOString()
    .slice(11, 19);
  const level = LEVEL_NAMES[Number(record.level)] ?? 'LOG';
  const text =
    typeof record.statusCode === 'number' && typeof record.method === 'string'
      ? `${record.method} ${String(record.url)} ${record.statusCode} ${Math.round(Number(record.responseTime))} ms`
      : String(record.msg ?? '');
  const err = record.err as { message?: string; stack?: string } | undefined;
  const detail = err ? `\n${err.stack ?? err.message ?? ''}` : '';
  return `${time} ${level} ${text}${detail}\n`;
}

/**
 * The destination with each JSON line rewritten by formatDevLine. A proxy rather than a wrapper
 * object: everything else (flushing, `destroy`, the buffer releaseLog reads) must still reach the
 * real destination, or a shutdown whose log reader is gone would wait on it forever.
 */
function shortLines(destination: DestinationStream): DestinationStream {
  const write = (line: string) => destination.write(formatDevLine(line));
  return new Proxy(destination, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
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
  config: Pick<Config, 'logLevel' | 'env'>,
  destination?: DestinationStream,
): FastifyBaseLogger | false {
  if (config.logLevel === 'silent') return false;
  const stdout = destination ?? pino.destination({ dest: 1, sync: false });
  return pino(loggerOptions(config), isQuietLog(config) ? shortLines(stdout) : stdout);
}

/**
 * One access-log line per request, written when the response has finished (Fastify's default
 * writes two: one on arrival, one on completion; logging was then a third of the CPU of a cheap
 * request such as GET /api/v1/users/me). Flat fields of strings and numbers, which pino writes
 * without its generic (slower) object serializer. Like serializeRequest: no headers, and the URL
 * redacted. The request id is already bound to request.log.
 */
export class AccessLog extends LogController {
  /** `quiet`: only requests that failed or were slow (isNotableRequest), as development wants. */
  constructor(private readonly options: { quiet: boolean } = { quiet: false }) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (
      this.options.quiet &&
      !isNotableRequest(reply.statusCode, reply.elapsedTime, Boolean(error))
    ) {
      return;
    }
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      remoteAddress: request.ip,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    // In a quiet log a notable request is a warning: it is there because something went wrong.
    else if (this.options.quiet) request.log.warn(line, 'request completed');
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
