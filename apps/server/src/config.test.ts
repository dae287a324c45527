import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

const SECRET = 'a-production-secret-of-at-least-32-chars';
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
};
const tempDir = () => mkdtempSync(join(tmpdir(), 'atelier-config-'));

/** The problems loadConfig reports for `env`, or null when it accepts it. */
function problemsOf(env: NodeJS.ProcessEnv): string[] | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('loadConfig', () => {
  it('works with nothing set: port 3000, PGlite under DATA_DIR, demo seeding on', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: 'localhost',
      appUrl: 'http://localhost:3000',
      dataDir,
      database: { kind: 'pglite', dir: join(dataDir, 'db') },
      redisUrl: undefined,
      logLevel: 'info',
      seedDemo: true,
      currency: 'USD',
      trustProxy: 0,
      redisPrefix: undefined,
    });
  });

  it('generates the JWT secret into DATA_DIR on first start and reuses it after', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('resolves a relative DATA_DIR from the repository root', () => {
    const config = loadConfig({ DATA_DIR: 'var', JWT_SECRET: SECRET });
    expect(config.dataDir).toBe(join(REPO_ROOT, 'var'));
  });

  it('treats empty optional variables as unset', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: '',
      REDIS_URL: '  ',
      JWT_SECRET: '',
      SEED_DEMO: '',
    });
    expect(config.database.kind).toBe('pglite');
    expect(config.redisUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it('reads TRUST_PROXY as a number of proxies (1 for true/yes) or their addresses', () => {
    const trust = (value: string) =>
      loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy;
    expect(['1', 'true', 'YES', '2', '0', 'no', ''].map(trust)).toEqual([1, 1, 1, 2, 0, 0, 0]);
    expect(trust('127.0.0.1, 10.0.0.0/8,loopback,::1')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    for (const bad of ['all', '10.0.0.300', '10.0.0.0/8/1', '1.5']) {
      expect(problemsOf({ DATA_DIR: tempDir(), TRUST_PROXY: bad })?.[0]).toMatch(/^TRUST_PROXY: /);
    }
  });

  it('takes REDIS_PREFIX for the Redis keys and channels of one deployment', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), REDIS_PREFIX: ' staging: ' });
    expect(config.redisPrefix).toBe('staging:');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/atelier';
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url });
    expect(config.database).toEqual({ kind: 'postgres', url });
  });

  it('reports one line per bad variable, naming it', () => {
    const problems = problemsOf({
      DATA_DIR: tempDir(),
      PORT: 'eighty',
      DATABASE_URL: 'not a url',
      JWT_SECRET: 'too-short',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'maybe',
      CURRENCY: 'DOLLARS',
    });
    expect(problems).not.toBeNull();
    const named = (problems ?? []).map((line) => line.split(':')[0]);
    expect(named.sort()).toEqual(
      ['CURRENCY', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'PORT', 'SEED_DEMO'].sort(),
    );
    for (const line of problems ?? []) expect(line).not.toContain('\n');
    expect(problems).toContain('JWT_SECRET: must be at least 32 characters');
  });

  it('puts every problem on its own line of the error message', () => {
    try {
      loadConfig({ DATA_DIR: tempDir(), PORT: '70000', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as Error).message.split('\n');
      expect(lines[0]).toBe('Invalid configuration:');
      expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual(['PORT', 'LOG_LEVEL']);
    }
  });

  it('refuses production without an explicit JWT_SECRET, and writes no secret', () => {
    const dataDir = tempDir();
    expect(problemsOf({ NODE_ENV: 'production', DATA_DIR: dataDir, ...STRIPE })).toEqual([
      'JWT_SECRET: required when NODE_ENV=production (at least 32 characters)',
    ]);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('never seeds demo data in production, and refuses to be told to', () => {
    const env = { NODE_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: SECRET, ...STRIPE };
    const config = loadConfig(env);
    expect(config.seedDemo).toBe(false);
    expect(config.jwtSecret).toBe(SECRET);
    expect(problemsOf({ ...env, SEED_DEMO: '1' })).toEqual([
      'SEED_DEMO: demo data is never seeded in production',
    ]);
    expect(loadConfig({ ...env, SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('turns the dev mailbox on unasked only for file mail on loopback outside production', () => {
    const mailbox = (env: NodeJS.ProcessEnv) =>
      loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: SECRET, ...env }).devMailbox;
    for (const HOST of ['localhost', '127.0.0.1', '::1', '[::1]']) {
      expect(mailbox({ HOST })).toEqual({ adminOnly: false });
    }
    expect(mailbox({ HOST: '0.0.0.0' })).toBeUndefined();
    expect(mailbox({ HOST: '::' })).toBeUndefined();
    expect(mailbox({ HOST: '192.168.1.20' })).toBeUndefined();
    expect(mailbox({ TRUST_PROXY: '1' })).toBeUndefined();
    expect(mailbox({ SMTP_URL: 'smtp://mail.example:25' })).toBeUndefined();
    expect(mailbox({ DEV_MAILBOX: '0' })).toBeUndefined();
    // Asked for where others can reach it, it answers admins only.
    expect(mailbox({ DEV_MAILBOX: '1', HOST: '0.0.0.0' })).toEqual({ adminOnly: true });
    expect(mailbox({ DEV_MAILBOX: '1', TRUST_PROXY: 'loopback' })).toEqual({ adminOnly: true });
    expect(mailbox({ DEV_MAILBOX: '1', SMTP_URL: 'smtp://mail.example:25' })).toEqual({
      adminOnly: false,
    });
  });

  it('never has the dev mailbox in production, and refuses to be told to', () => {
    const env = { NODE_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: SECRET, ...STRIPE };
    expect(loadConfig(env).devMailbox).toBeUndefined();
    expect(problemsOf({ ...env, DEV_MAILBOX: '1' })).toEqual([
      'DEV_MAILBOX: the development mailbox is never on in production',
    ]);
  });

  it('lets SEED_DEMO turn seeding off outside production', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'yes' }).seedDemo).toBe(true);
  });

  describe('payments', () => {
    it('without Stripe keys takes payments with the fake, whose webhook secret follows the JWT secret', () => {
      const one = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: SECRET });
      const two = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: SECRET });
      const other = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: `${SECRET}-other` });
      expect(one.payments.provider).toBe('fake');
      // Two processes of one deployment sign and verify alike; another deployment does not.
      expect(one.payments.webhookSecret).toBe(two.payments.webhookSecret);
      expect(one.payments.webhookSecret).not.toBe(other.payments.webhookSecret);
      expect(one.payments.webhookSecret).not.toContain(SECRET);
    });

    it('with both Stripe secrets takes payments with Stripe', () => {
      const config = loadConfig({ DATA_DIR: tempDir(), ...STRIPE });
      expect(config.payments).toEqual({
        provider: 'stripe',
        secretKey: 'sk_test_abc',
        webhookSecret: 'whsec_abc',
        publishableKey: 'pk_test_abc',
        api: undefined,
      });
    });

    it('refuses the fake in production', () => {
      const env = { NODE_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: SECRET };
      expect(problemsOf(env)).toEqual([
        'STRIPE_SECRET_KEY: required when NODE_ENV=production (the fake payment provider takes no money)',
      ]);
      expect(loadConfig({ ...env, ...STRIPE }).payments.provider).toBe('stripe');
    });

    it('wants both Stripe secrets or neither, and the publishable key with them', () => {
      const dir = tempDir();
      expect(
        problemsOf({
          DATA_DIR: dir,
          STRIPE_SECRET_KEY: 'sk_test_abc',
          STRIPE_PUBLISHABLE_KEY: 'pk',
        }),
      ).toEqual([
        'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both (Stripe payments) or neither (the fake provider)',
      ]);
      expect(problemsOf({ DATA_DIR: dir, STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toHaveLength(1);
      expect(
        problemsOf({
          DATA_DIR: dir,
          STRIPE_SECRET_KEY: 'sk_test_abc',
          STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        }),
      ).toEqual(['STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY']);
    });

    it('reads STRIPE_API_URL as the SDK address of a stand-in, and refuses it in production', () => {
      const config = loadConfig({
        DATA_DIR: tempDir(),
        ...STRIPE,
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      });
      expect(config.payments).toMatchObject({
        api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      });
      expect(
        problemsOf({
          NODE_ENV: 'production',
          DATA_DIR: tempDir(),
          JWT_SECRET: SECRET,
          ...STRIPE,
          STRIPE_API_URL: 'http://127.0.0.1:12111',
        }),
      ).toEqual(['STRIPE_API_URL: only for tests; production talks to Stripe itself']);
    });
  });
});

describe('loadConfig: uploads storage and image workers', () => {
  const base = () => ({ DATA_DIR: tempDir() });

  it('keeps uploads on local disk unless S3_BUCKET is set, and reads the S3 settings', () => {
    expect(loadConfig(base()).s3).toBeUndefined();
    expect(
      loadConfig({
        ...base(),
        S3_BUCKET: 'art',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'art',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses half an S3 key pair, S3 settings without a bucket, and a bad endpoint', () => {
    expect(problemsOf({ ...base(), S3_BUCKET: 'art', S3_ACCESS_KEY_ID: 'id' })).toEqual([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    ]);
    expect(problemsOf({ ...base(), S3_REGION: 'eu-west-1' })).toEqual([
      'S3_REGION: set S3_BUCKET too, or none of them',
    ]);
    expect(problemsOf({ ...base(), S3_BUCKET: 'art', S3_ENDPOINT: 'not a url' })?.[0]).toMatch(
      /^S3_ENDPOINT:/,
    );
  });

  it('runs at least one and at most two image workers by default; IMAGE_WORKERS overrides', () => {
    const workers = loadConfig(base()).imageWorkers;
    expect(workers).toBeGreaterThanOrEqual(1);
    expect(workers).toBeLessThanOrEqual(2);
    expect(loadConfig({ ...base(), IMAGE_WORKERS: '0' }).imageWorkers).toBe(0);
    expect(loadConfig({ ...base(), IMAGE_WORKERS: '3' }).imageWorkers).toBe(3);
    expect(problemsOf({ ...base(), IMAGE_WORKERS: 'many' })?.[0]).toMatch(/^IMAGE_WORKERS:/);
  });
});
