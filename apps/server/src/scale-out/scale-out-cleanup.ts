import { Redis } from 'ioredis';
import pg from 'pg';

// What a scale-out test leaves behind and takes away again, shared by its tests.

/** Drops a database the test made beside `adminUrl`'s, whoever is still connected to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: adminUrl });
  await dropper.connect();
  try {
    await dropper.query(`drop database if exists ${name} with (force)`);
  } finally {
    await dropper.end();
  }
}

/** Deletes the keys this run left in a shared Redis (rate-limit counters would expire within the hour). */
export async function clearRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*` })) {
      keys.push(...(batch as string[]));
    }
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Runs every clean-up step, whatever failed before it; then throws the first failure. */
export async function runEvery(steps: (() => Promise<unknown>)[]): Promise<void> {
  const problems: unknown[] = [];
  for (const step of steps) await step().catch((error: unknown) => problems.push(error));
  if (problems.length > 0) throw problems[0];
}
