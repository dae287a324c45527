import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_EXPORT_DIRECT_MAX_IMAGES, isTimeZone } from '@atelier/contract';
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
  /**
   * Prepended to every Redis key and pub/sub channel, so deployments (or test runs) sharing one
   * Redis stay apart: a database number in REDIS_URL does not separate pub/sub, which is global.
   */
  REDIS_PREFIX: optionalString,
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag,
  SCHOOL_NAME: z.string().default('Atelier Art School'),
  /** Printed on receipts and statements (docs/product.md#receipts); lines split on `\n` or `|`. */
  SCHOOL_ADDRESS: z.string().default('123 Canvas Street|Brooklyn, NY 11201|USA'),
  /** The school's tax id, printed on receipts; empty leaves the line out. */
  SCHOOL_TAX_ID: z.string().default('EIN 00-0000000 (demo)'),
  /** The zone receipts and statements read dates and years in. */
  SCHOOL_TIME_ZONE: z
    .string()
    .default('America/New_York')
    .refine(isTimeZone, 'must be an IANA time zone, such as America/New_York'),
  CONTACT_EMAIL: z.email().default('hello@atelier.test'),
  MAIL_FROM: z.string().default('Atelier Art School <no-reply@atelier.test>'),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  /** The /dev/mail browser: on or off whatever the defaults would say (docs/decisions/050-dev-mailbox-and-upload-limits.md). */
  DEV_MAILBOX: booleanFlag,
  CURRENCY: z.string().length(3).default('USD'),
  /** Make-ups a reported absence earns per child per schedule (docs/decisions/074-absences-and-make-ups.md). */
  MAKEUPS_PER_TERM: z.coerce.number().int().min(0).max(100).default(2),
  /** Days a make-up credit stays valid. */
  MAKEUP_CREDIT_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  /** Days after a paid trial class during which enrolling credits its price (docs/product.md#trial-classes). */
  TRIAL_CREDIT_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Families move their own children to another class (docs/decisions/078-transfers.md); staff always may. */
  FAMILY_TRANSFERS: booleanFlag,
  /**
   * Days before a month begins by which a family must end a monthly enrollment for that month not
   * to be billed (docs/decisions/075-monthly-tuition-and-billing-runs.md).
   */
  MONTHLY_NOTICE_DAYS: z.coerce.number().int().min(0).max(60).default(0),
  /**
   * Minutes a late payment's card refund waits for the family to keep the money as account
   * credit instead; 0 sends it at once (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md).
   */
  LATE_PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int('must be a whole number of minutes')
    .min(0)
    .max(10_080, 'must be at most a week (10080)')
    .default(60),
  /**
   * Above this many images a family's data export is built in the background and mailed as a
   * link (docs/decisions/072-a-familys-data-is-theirs.md); 0 always mails it.
   */
  ACCOUNT_EXPORT_DIRECT_MAX_IMAGES: z.coerce
    .number()
    .int('must be a whole number of images')
    .min(0)
    .default(ACCOUNT_EXPORT_DIRECT_MAX_IMAGES),
  SENTRY_DSN: optionalString.pipe(z.url().optional()),
  HOTJAR_ID: optionalString,
  GTM_ID: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Tests only: where the Stripe SDK sends its calls (a local stand-in of the Stripe API). */
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  WEB_DIST_DIR: optionalString,
  /**
   * Reverse proxies in front of the server: `1` (`true`, `yes`) or a number for a chain, or the
   * proxies' addresses (`127.0.0.1,10.0.0.0/8`, `loopback`, `uniquelocal`).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().toLowerCase())
    .pipe(
      z.union(
        [
          z.enum(['', '0', 'false', 'no']).transform(() => 0),
          z.enum(['true', 'yes']).transform(() => 1),
          z
            .string()
            .regex(/^\d{1,2}$/)
            .transform(Number),
          z
            .string()
            .transform((v) => v.split(',').map((a) => a.trim()))
            .refine((list) => list.every(isProxyAddress)),
        ],
        { error: 'must be 0, 1 (or a number of proxies), or the proxies’ addresses' },
      ),
    ),
  /** Artwork processing jobs run at once by this process (docs/decisions/036-artwork-images.md). */
  IMAGE_WORKERS: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,2}$/, 'must be a whole number from 0 to 99')
      .transform(Number)
      .optional(),
  ),
  /** An S3-compatible bucket for uploads instead of local disk (all of these, or none). */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
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
  /** Prepended to Redis keys and channels (REDIS_PREFIX); undefined keeps the built-in names. */
  redisPrefix: string | undefined;
  jwtSecret: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  schoolName: string;
  /** What receipts and statements say of the school (docs/product.md#receipts). */
  school: SchoolFacts;
  contactEmail: string;
  mailFrom: string;
  smtpUrl: string | undefined;
  /**
   * The /dev/mail browser over the file transport's mail (docs/decisions/050-dev-mailbox-and-upload-limits.md):
   * undefined when it is off; `adminOnly` when someone other than this machine can reach it.
   */
  devMailbox: { adminOnly: boolean } | undefined;
  currency: string;
  /** Minutes a late payment's card refund is held for the family's choice; 0: sent at once. */
  latePaymentHoldMinutes: number;
  /** The school's make-up policy (MAKEUPS_PER_TERM, MAKEUP_CREDIT_DAYS). */
  makeups: { perTerm: number; creditDays: number };
  /** Days after a paid trial during which enrolling credits its price (TRIAL_CREDIT_DAYS). */
  trialCreditDays: number;
  /** FAMILY_TRANSFERS: families change their children's classes themselves. */
  familyTransfers: boolean;
  /** Monthly tuition: the notice a family gives to end a monthly enrollment (MONTHLY_NOTICE_DAYS). */
  billing: { noticeDays: number };
  /** Above this many images a family's data export is mailed as a link instead of answered. */
  accountExportDirectMaxImages: number;
  webDistDir: string;
  /**
   * Which X-Forwarded-For entries to believe: 0 none; a number of proxies in front (the client is
   * that many entries from the right, whatever it wrote itself); or the proxies' addresses (entries
   * are believed only while they come from one of them).
   */
  trustProxy: number | string[];
  /** Artwork processing jobs run at once: IMAGE_WORKERS, else one core per job short of one, ≤ 2. */
  imageWorkers: number;
  /** Where uploads are kept: an S3-compatible bucket when S3_BUCKET is set, else local disk. */
  s3: S3Config | undefined;
  /** Who takes card payments (docs/architecture.md#orders-and-payments). */
  payments: PaymentsConfig;
  /** Third-party ids the SPA loads only when set (docs/product.md#server-calls); none set means no third-party request. */
  client: {
    sentryDsn: string | undefined;
    hotjarId: string | undefined;
    gtmId: string | undefined;
    stripePublishableKey: string | undefined;
  };
};

/**
 * Stripe when its keys are set; otherwise the in-process fake, which production refuses. Both
 * verify webhooks with a secret: the fake's is derived from the JWT secret, so every server
 * process of one deployment signs and checks its events alike.
 */
export type PaymentsConfig =
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      publishableKey: string;
      /** The Stripe API's address when it is not Stripe's own (tests' stand-in). */
      api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
    }
  | { provider: 'fake'; webhookSecret: string };

/** An S3-compatible bucket (docs/decisions/036-artwork-images.md#s3). */
export type S3Config = {
  bucket: string;
  /** The service's URL for a non-AWS store (MinIO, R2…); undefined means AWS itself. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean;
};

/** The school as a receipt names it: address lines, tax id (empty: none), its time zone. */
export type SchoolFacts = {
  name: string;
  addressLines: string[];
  taxId: string;
  timeZone: string;
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
  if (production && e.DEV_MAILBOX)
    problems.push('DEV_MAILBOX: the development mailbox is never on in production');
  problems.push(...paymentProblems(e, production), ...s3Problems(e));
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : join(REPO_ROOT, e.DATA_DIR);
  const jwtSecret = e.JWT_SECRET ?? embeddedSecret(dataDir);
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
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret,
    logLevel: e.LOG_LEVEL,
    seedDemo: !production && (e.SEED_DEMO ?? true),
    schoolName: e.SCHOOL_NAME,
    school: {
      name: e.SCHOOL_NAME,
      addressLines: e.SCHOOL_ADDRESS.split(/\n|\|/)
        .map((line) => line.trim())
        .filter((line) => line !== ''),
      taxId: e.SCHOOL_TAX_ID.trim(),
      timeZone: e.SCHOOL_TIME_ZONE,
    },
    contactEmail: e.CONTACT_EMAIL,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL,
    devMailbox: devMailboxConfig(e),
    currency: e.CURRENCY,
    latePaymentHoldMinutes: e.LATE_PAYMENT_HOLD_MINUTES,
    makeups: { perTerm: e.MAKEUPS_PER_TERM, creditDays: e.MAKEUP_CREDIT_DAYS },
    trialCreditDays: e.TRIAL_CREDIT_DAYS,
    familyTransfers: e.FAMILY_TRANSFERS ?? false,
    billing: { noticeDays: e.MONTHLY_NOTICE_DAYS },
    accountExportDirectMaxImages: e.ACCOUNT_EXPORT_DIRECT_MAX_IMAGES,
    webDistDir: e.WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY,
    // A 2-core machine gets one worker: the other core stays with the request handlers.
    imageWorkers: e.IMAGE_WORKERS ?? Math.min(2, Math.max(1, availableParallelism() - 1)),
    s3: s3Config(e),
    payments: paymentsConfig(e, jwtSecret),
    client: {
      sentryDsn: e.SENTRY_DSN,
      hotjarId: e.HOTJAR_ID,
      gtmId: e.GTM_ID,
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    },
  };
}

/** Names and addresses that only this machine can connect to. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * The mailbox shows every mail the server sent, password resets included, so whoever reads it can
 * take over any account. Unasked, it is on only where nobody else can reach it: mail kept in files
 * (no SMTP), a loopback listener, no proxy relaying others' requests, not production. Turned on
 * anywhere else, it answers admins only.
 */
function devMailboxConfig(e: Env): Config['devMailbox'] {
  const localOnly = isLoopbackHost(e.HOST) && e.TRUST_PROXY === 0;
  const on = e.DEV_MAILBOX ?? (!e.SMTP_URL && localOnly && e.NODE_ENV !== 'production');
  return on ? { adminOnly: !localOnly } : undefined;
}

const PROXY_ADDRESS_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range, or one of Fastify's named ranges (proxy-addr). */
function isProxyAddress(item: string): boolean {
  if (PROXY_ADDRESS_PRESETS.includes(item)) return true;
  const [address = '', bits, ...rest] = item.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits);
}

function paymentProblems(e: Env, production: boolean): string[] {
  const problems: string[] = [];
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    problems.push(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both (Stripe payments) or neither (the fake provider)',
    );
  }
  // Stripe.js confirms the card in the browser: without the publishable key nobody could pay.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) {
    problems.push('STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY');
  }
  if (production && !e.STRIPE_SECRET_KEY) {
    problems.push(
      'STRIPE_SECRET_KEY: required when NODE_ENV=production (the fake payment provider takes no money)',
    );
  }
  if (production && e.STRIPE_API_URL) {
    problems.push('STRIPE_API_URL: only for tests; production talks to Stripe itself');
  }
  return problems;
}

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

function s3Problems(e: Env): string[] {
  if (e.S3_BUCKET) {
    // Access keys come as a pair; neither means the SDK's own chain (an instance role).
    return Boolean(e.S3_ACCESS_KEY_ID) === Boolean(e.S3_SECRET_ACCESS_KEY)
      ? []
      : ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither'];
  }
  const stray = S3_SETTINGS.filter((name) => e[name] !== undefined);
  return stray.length > 0 ? [`${stray.join(', ')}: set S3_BUCKET too, or none of them`] : [];
}

function s3Config(e: Env): S3Config | undefined {
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}

function paymentsConfig(e: Env, jwtSecret: string): PaymentsConfig {
  if (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PUBLISHABLE_KEY) {
    return {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      api: e.STRIPE_API_URL ? stripeApiAddress(e.STRIPE_API_URL) : undefined,
    };
  }
  return {
    provider: 'fake',
    webhookSecret: `whsec_fake_${createHmac('sha256', jwtSecret).update('fake-payments-webhook').digest('base64url')}`,
  };
}

/** `http://127.0.0.1:12111` → what the Stripe SDK takes instead of a URL. */
function stripeApiAddress(
  url: string,
): NonNullable<Extract<PaymentsConfig, { provider: 'stripe' }>['api']> {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}
