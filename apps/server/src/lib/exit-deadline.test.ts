import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

const MODULE = join(REPO_ROOT, 'apps/server/src/lib/exit-deadline.ts');

function run(script: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return { child, stderr: () => stderr };
}

describe('killAfter', { timeout: 30_000 }, () => {
  it('ends a process whose main thread is blocked for good', async () => {
    const started = Date.now();
    const { child, stderr } = run(
      `const { killAfter } = await import(${JSON.stringify(MODULE)});
       await killAfter(500, 'deadline passed');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);`,
    );
    const [code, signal] = await once(child, 'exit');
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
    expect(stderr()).toContain('deadline passed');
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('does not keep a process alive that ends in time', async () => {
    const { child } = run(
      `const { killAfter } = await import(${JSON.stringify(MODULE)});
       await killAfter(60_000, 'deadline passed');`,
    );
    const [code, signal] = await once(child, 'exit');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });
});
