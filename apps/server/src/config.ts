import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: `var/` and the built web app are found from here. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('var'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  REDIS_URL: optionalString.pipe(z.url().optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag,
  SCHOOL_NAME: z.string().default('Atelier Art School'),
  CONTACT_EMAIL: z.email().default('hello@atelier.test'),
  MAIL_FROM: z.string().default('Atelier Art School <no-reply@atelier.test>'),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  CURRENCY: z.string().length(3).default('USD'),
  SENTRY_DSN: optionalString.pipe(z.url().optional()),
  HOTJAR_ID: optionalString,
  GTM_ID: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  WEB_DIST_DIR: optionalString,
  TRUST_PROXY: booleanFlag,
});
export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  database: { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  jwtSecret: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  schoolName: string;
  contactEmail: string;
  mailFrom: string;
  smtpUrl: string | undefined;
  currency: string;
  webDistDir: string;
  trustProxy: boolean;
  /** Third-party ids the SPA loads only when set (docs/product.md#server-calls); none set means no third-party request. */
  client: {
    sentryDsn: string | undefined;
    hotjarId: string | undefined;
    gtmId: string | undefined;
    stripePublishableKey: string | undefined;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Reads an embedded-default secret from `var/`, creating it on first start. */
function embeddedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Parses the environment. Fails with one line per bad variable. Production must be given its
 * secrets explicitly and never seeds demo data.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !e.JWT_SECRET) {
    problems.push('JWT_SECRET: required when NODE_ENV=production (at least 32 characters)');
  }
  if (production && e.SEED_DEMO)
    problems.push('SEED_DEMO: demo data is never seeded in production');
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : join(REPO_ROOT, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: join(dataDir, 'db') },
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? embeddedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    seedDemo: !production && (e.SEED_DEMO ?? true),
    schoolName: e.SCHOOL_NAME,
    contactEmail: e.CONTACT_EMAIL,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL,
    currency: e.CURRENCY,
    webDistDir: e.WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY ?? false,
    client: {
      sentryDsn: e.SENTRY_DSN,
      hotjarId: e.HOTJAR_ID,
      gtmId: e.GTM_ID,
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    },
  };
}
