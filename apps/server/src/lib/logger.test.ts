import type { DestinationStream } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createLogger } from './logger';

/** A pino destination that keeps every line it is given. */
function memoryDestination() {
  const lines: string[] = [];
  const destination: DestinationStream = { write: (line: string) => void lines.push(line) };
  return { destination, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('request logging', () => {
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
    expect(createLogger({ logLevel: 'silent' })).toBe(false);
  });
});
