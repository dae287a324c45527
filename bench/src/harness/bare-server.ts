import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';
import { freePort } from './server';

/** A fixed HTTP response, replayed byte for byte by the bare baseline server. */
export type BareResponse = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  statusCode: number;
  headers: Record<string, string>;
  bodyBase64: string;
};

export type BareServer = { url: string; pid: number; stop(): Promise<void> };

/**
 * Headers the HTTP stack sets per connection or per response by itself; everything else is copied
 * so the baseline sends the same header bytes as the route it is compared with.
 */
const PER_RESPONSE_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * Fetches one real response and turns it into the spec of a bare route returning the same bytes
 * and headers (volatile values such as the request id keep their length, so byte counts match).
 */
export async function captureResponse(
  url: string,
  init: RequestInit & { method?: BareResponse['method'] } = {},
): Promise<BareResponse> {
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_RESPONSE_HEADERS.has(name)) headers[name] = value;
  });
  return {
    method: init.method ?? 'GET',
    path: new URL(url).pathname,
    statusCode: res.status,
    headers,
    bodyBase64: body.toString('base64'),
  };
}

/**
 * Starts a bare Fastify server (no logger, no plugins) in its own process — like the real server,
 * so both compete with the load generator on equal terms — answering `response` at its path. The
 * response travels in a temporary file: Linux refuses an environment variable over 128 KiB, and a
 * catalogue page is several hundred KB.
 */
export async function bareFastifyServer(
  response: BareResponse,
  port?: number,
): Promise<BareServer> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-bare-'));
  const file = join(dir, 'response.json');
  writeFileSync(file, JSON.stringify(response));
  const listenOn = port ?? (await freePort());
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/src/harness/bare-server-process.ts'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(listenOn), BARE_RESPONSE_FILE: file },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${listenOn}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the bare server exited with ${child.exitCode}`);
    }
    try {
      await fetch(`${url}${response.path}`, { method: response.method });
      return { url, pid: child.pid ?? -1, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  throw new Error('the bare server did not start in time');
}
