// A bare Fastify server like harness/bare-server.ts, for responses too large to pass in an
// environment variable: Linux refuses one variable over 128 KiB (spawn E2BIG), and a catalogue
// page is several hundred KB. The spec goes through a temporary file instead. This module is both
// the launcher (imported by a bench) and the child process (run with BARE_RESPONSE_FILE set).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { BareResponse, BareServer } from './harness/bare-server';
import { REPO_ROOT } from './harness/paths';
import { freePort } from './harness/server';

const specFile = process.env.BARE_RESPONSE_FILE;
if (specFile) {
  const spec = JSON.parse(readFileSync(specFile, 'utf8')) as BareResponse;
  const body = Buffer.from(spec.bodyBase64, 'base64');
  // Logging, validation, plugins and hooks all off, as in harness/bare-server-process.ts.
  const app = Fastify({ logger: false });
  app.route({
    method: spec.method,
    url: spec.path,
    handler: (_request, reply) => {
      reply.code(spec.statusCode).headers(spec.headers).send(body);
    },
  });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/** Starts the bare server in its own process, answering `response` at its path. */
export async function bareFastifyServerFromFile(response: BareResponse): Promise<BareServer> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-bare-'));
  const file = join(dir, 'response.json');
  writeFileSync(file, JSON.stringify(response));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), BARE_RESPONSE_FILE: file },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
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
    if (child.exitCode !== null) throw new Error(`the bare server exited with ${child.exitCode}`);
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
