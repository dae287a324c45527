/**
 * Test-only: Debian's nginx in front of the scale-out test's servers, run as a child process (not
 * a daemon, not the system service) on a configuration written to a temporary directory. The
 * `location` block is the one docs/architecture.md#many-servers recommends.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { API } from '@atelier/contract';

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

const findNginx = () => NGINX_CANDIDATES.find((path) => existsSync(path));

/**
 * The nginx binary, installed with apt-get when missing (CI runs as root). Throws with the reason
 * when it cannot be had, so the test fails saying so rather than skipping.
 */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdio: 'pipe',
    });
  try {
    try {
      install();
    } catch {
      // A fresh machine may have no package lists yet.
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'pipe' });
      install();
    }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`nginx is not installed and 'apt-get install -y nginx' failed: ${detail}`);
  }
  const installed = findNginx();
  if (!installed) throw new Error('apt-get installed nginx, but no nginx binary was found');
  return installed;
}

/** A port nothing listens on right now (nginx cannot report the port it chose for `listen 0`). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type ProxyPorts = {
  /** Round robin over every server: what clients use. */
  balanced: number;
  /** One listener per server, pinned to it, with the same proxying: tests choose the server. */
  pinned: number[];
};

/**
 * The proxying every listener shares, to the upstream group `upstream`: what
 * docs/architecture.md#many-servers shows.
 */
export const proxyLocation = (upstream: string) => `
    location / {
      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      # The client's address for rate limits and logs: appended here, read by TRUST_PROXY=1.
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Host $host;
      # /cable: WebSocket upgrade, and sockets that stay open (the server pings every 3 s).
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      # Uploads go to the server as they come (the server limits their size).
      proxy_request_buffering off;
      client_max_body_size 110m;
      # Which server answered: the test checks its pinning with it.
      add_header X-Upstream $upstream_addr always;
    }`;

/** The whole configuration for `servers` (ports on 127.0.0.1). */
export function nginxConfig(dir: string, servers: number[], ports: ProxyPorts): string {
  const upstream = (name: string, list: number[]) =>
    `  upstream ${name} {\n${list.map((p) => `    server 127.0.0.1:${p};`).join('\n')}\n    keepalive 16;\n  }`;
  const listener = (port: number, name: string) =>
    `  server {\n    listen 127.0.0.1:${port};${proxyLocation(name)}\n  }`;
  const temp = (kind: string) => `  ${kind}_temp_path ${join(dir, `${kind}-temp`)};`;
  return [
    // The master runs as this test's user; as root, workers would drop to nobody and lose the
    // temporary directory.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
    '  map $http_upgrade $connection_upgrade { default upgrade; "" ""; }',
    upstream('atelier', servers),
    ...servers.map((port, i) => upstream(`atelier_${i}`, [port])),
    listener(ports.balanced, 'atelier'),
    ...servers.map((_, i) => listener(ports.pinned[i] as number, `atelier_${i}`)),
    '}',
    '',
  ].join('\n');
}

export class NginxProxy {
  private stderr = '';
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly ports: ProxyPorts,
    private readonly dir: string,
  ) {
    child.stderr?.on('data', (chunk) => {
      this.stderr += String(chunk);
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** Writes the configuration into `dir`, checks it, starts nginx, and waits for its listeners. */
  static async start(
    binary: string,
    dir: string,
    servers: number[],
    ports: ProxyPorts,
  ): Promise<NginxProxy> {
    mkdirSync(dir, { recursive: true });
    const conf = join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(dir, servers, ports));
    // -e: nginx writes to its compiled-in error log before it reads the configuration.
    const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf];
    execFileSync(binary, [...args, '-t', '-q'], { stdio: 'pipe' });
    // Its own process group, so killNow can end the workers with the master.
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    const proxy = new NginxProxy(child, ports, dir);
    try {
      await proxy.listening([ports.balanced, ...ports.pinned]);
    } catch (error) {
      await proxy.stop();
      throw error;
    }
    return proxy;
  }

  url(path: string, port = this.ports.balanced): string {
    return `http://127.0.0.1:${port}${path}`;
  }

  private async listening(ports: number[]): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (const port of ports) {
      for (;;) {
        if (this.child.exitCode !== null) {
          throw new Error(`nginx exited with ${this.child.exitCode}: ${this.stderr}`);
        }
        const ok = await fetch(`http://127.0.0.1:${port}${API.health}`).then(
          () => true,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) {
          throw new Error(`nginx did not listen on ${port}: ${this.stderr} (${this.dir})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  /** SIGTERM: nginx's fast stop (open sockets are closed; workers exit first); SIGKILL if it lingers. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.killNow(), 5_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** Master and workers at once (a killed master leaves its workers serving). */
  killNow(): void {
    const pid = this.child.pid;
    if (pid === undefined || this.child.exitCode !== null || this.child.signalCode !== null) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
