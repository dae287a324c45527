/**
 * Test-only: one real server process, started as `npm start` starts it (scripts/start.mjs:
 * `node --import tsx apps/server/src/server.ts`, configured by its environment only), for the
 * scale-out test. Nothing here reaches into the process: what crosses between two of them goes
 * through PostgreSQL and Redis, as in production.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../config';

const ENTRY = join(REPO_ROOT, 'apps/server/src/server.ts');
/** The line server.ts prints once it listens; with PORT=0 it names the port the system chose. */
const READY = /Atelier is running at http:\/\/localhost:(\d+)\//;

export class ServerProcess {
  /** Everything the process wrote, for the failure message of a test. */
  output = '';
  port = 0;
  private readonly exited: Promise<number | null>;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Starts the server and resolves once it listens (it migrates before that). */
  static async start(
    name: string,
    env: Record<string, string>,
    timeoutMs: number,
  ): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(name, child);
    child.stderr?.on('data', (chunk) => {
      server.output += String(chunk);
    });
    server.port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`server ${name} did not start in ${timeoutMs} ms:\n${server.output}`));
      }, timeoutMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server ${name} exited with ${code}:\n${server.output}`));
      });
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        server.output += `${line}\n`;
        const ready = READY.exec(line);
        if (ready) {
          clearTimeout(timer);
          resolve(Number(ready[1]));
        }
      });
    }).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    return server;
  }

  /** The way an orchestrator stops it: SIGTERM (a graceful shutdown), SIGKILL if it lingers. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 12_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** For a process 'exit' handler: no waiting is possible there. */
  killNow(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
