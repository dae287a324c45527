// `npm start`: installs dependencies when missing, builds the web app, then runs the server, which
// migrates, seeds demo data on an empty database (outside production) and prints its URL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const installed = join(root, 'node_modules/.package-lock.json');
const lock = join(root, 'package-lock.json');
if (
  !existsSync(installed) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs)
) {
  console.log('Installing dependencies…');
  run(['install', '--no-audit', '--no-fund']);
}

console.log('Building the web app…');
run(['run', 'build', '--silent']);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
