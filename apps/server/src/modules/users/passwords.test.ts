import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMS,
  hashPassword,
  MAX_CONCURRENT_PASSWORD_HASHES,
  PASSWORD_THREAD_NICE,
  verifyPassword,
} from './passwords';

/** Nice values of this process's threads (Linux), by thread name. */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the parenthesised command name; nice is field 19 of stat, index 16 here.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password hashing', { timeout: 60_000 }, () => {
  it('hashes with argon2id and the chosen parameters, and verifies', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(
      new RegExp(
        `^\\$argon2id\\$v=19\\$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=1\\$`,
      ),
    );
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapler')).toBe(false);
    expect(await verifyPassword('not a hash at all', 'x')).toBe(false);
  });

  it('runs many requests through a bounded number of lowered-priority threads', async () => {
    const hash = await hashPassword('queued password one');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        verifyPassword(hash, i % 2 === 0 ? 'queued password one' : 'wrong'),
      ),
    );
    expect(results).toEqual([true, false, true, false, true]);
    expect(MAX_CONCURRENT_PASSWORD_HASHES).toBeGreaterThanOrEqual(1);
    if (process.platform === 'linux') {
      const lowered = threadNiceValues().filter((n) => n === PASSWORD_THREAD_NICE);
      expect(lowered.length).toBeGreaterThanOrEqual(1);
      expect(lowered.length).toBeLessThanOrEqual(MAX_CONCURRENT_PASSWORD_HASHES);
    }
  });
});
