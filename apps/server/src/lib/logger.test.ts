import type { DestinationStream } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createLogger, formatDevLine, isNotableRequest, SLOW_REQUEST_MS } from './logger';

/** A pino destination that keeps every line it is given. */
function memoryDestination() {
  const lines: string[] = [];
  const destination: DestinationStream = { write: (line: string) => void lines.push(line) };
  return { destination, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

// Building the app on a fresh database takes seconds on a busy machine.
describe('request logging', { timeout: 60_000 }, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appLoggingTo(destination: DestinationStream) {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logDestination: destination });
    return t.app;
  }

  it('writes one line per request with its request id, status and time, and no headers', async () => {
    const log = memoryDestination();
    const app = await appLoggingTo(log.destination);
    await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'req-42', authorization: 'Bearer secret.jwt.value' },
    });
    const lines = log.records().filter((r) => r.reqId === 'req-42');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/healthz',
      statusCode: 200,
    });
    expect(lines[0]?.responseTime).toEqual(expect.any(Number));
    expect(JSON.stringify(log.records())).not.toContain('secret.jwt.value');
  });

  it('redacts secrets in the URL', async () => {
    const log = memoryDestination();
    const app = await appLoggingTo(log.destination);
    await app.inject({ method: 'GET', url: '/api/v1/calendar/s3cret-feed-token.ics' });
    const line = log.records().find((r) => r.msg === 'request completed');
    expect(line?.url).toBe('/api/v1/calendar/[redacted].ics');
    expect(JSON.stringify(log.records())).not.toContain('s3cret-feed-token');
  });

  it('logs nothing at LOG_LEVEL=silent', () => {
    expect(createLogger({ logLevel: 'silent', env: 'production' })).toBe(false);
  });

  it('in development writes one short line for a failed request and none for a fast success', async () => {
    const lines: string[] = [];
    t = await createTestApp(
      { NODE_ENV: 'development', LOG_LEVEL: 'info' },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d WARN GET \/api\/v1\/no-such-thing 404 \d+ ms\n$/);
  });
});

describe('the development log', () => {
  it('keeps requests that failed or were slow, and no fast success or redirect', () => {
    expect(isNotableRequest(200, 3, false)).toBe(false);
    expect(isNotableRequest(304, 3, false)).toBe(false);
    expect(isNotableRequest(302, SLOW_REQUEST_MS - 1, false)).toBe(false);
    expect(isNotableRequest(200, SLOW_REQUEST_MS, false)).toBe(true);
    expect(isNotableRequest(404, 3, false)).toBe(true);
    expect(isNotableRequest(500, 3, false)).toBe(true);
    expect(isNotableRequest(200, 3, true)).toBe(true);
  });

  it('writes a record as one short line, with an error’s stack under it', () => {
    const time = Date.UTC(2026, 10, 27, 9, 5, 7);
    expect(
      formatDevLine(
        JSON.stringify({
          level: 40,
          time,
          method: 'POST',
          url: '/api/v1/orders',
          statusCode: 422,
          responseTime: 12.6,
          msg: 'request completed',
        }),
      ),
    ).toBe('09:05:07 WARN POST /api/v1/orders 422 13 ms\n');
    expect(
      formatDevLine(
        JSON.stringify({
          level: 50,
          time,
          msg: 'mail not sent',
          err: { stack: 'Error: x\n  at y' },
        }),
      ),
    ).toBe('09:05:07 ERROR mail not sent\nError: x\n  at y\n');
  });
});
