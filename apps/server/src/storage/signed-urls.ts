import { createHmac, timingSafeEqual } from 'node:crypto';

// Private files (artwork, originals) are only ever reached through signed, expiring URLs
// (docs/decisions/036-artwork-images.md#signed-urls).

/** Signed URLs are issued per 12-hour window, so one file's URL stays the same for that long. */
export const SIGNED_URL_WINDOW_MS = 12 * 60 * 60 * 1000;

/** Where a signed URL answers on local disk (the S3 store hands out the bucket's own URLs). */
export const MEDIA_PREFIX = '/media';

/** The folders only signed URLs reach; the public /uploads refuses them. */
export const PRIVATE_PREFIXES = ['artworks/', 'originals/', 'exports/'] as const;

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The start of the 12-hour window `now` falls in (also S3's fixed signing date). */
export function signingWindowStart(now: Date = new Date()): Date {
  return new Date(Math.floor(now.getTime() / SIGNED_URL_WINDOW_MS) * SIGNED_URL_WINDOW_MS);
}

/**
 * The expiry of URLs signed now: the end of the NEXT 12-hour window. Every URL of a file signed
 * within one window is identical (a browser caches it), and stays valid 12 to 24 hours.
 */
export function signedUrlExpiry(now: Date = new Date()): Date {
  return new Date(signingWindowStart(now).getTime() + 2 * SIGNED_URL_WINDOW_MS);
}

/** The start of the 30-second window `now` falls in: a bucket's shared addresses are signed per window. */
export function sharedSigningStart(now: Date = new Date()): Date {
  return new Date(Math.floor(now.getTime() / SHARED_CHECK_TTL_MS) * SHARED_CHECK_TTL_MS);
}

/** The key URLs are signed with, derived from the app's secret so every process agrees. */
export function mediaSigningKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('atelier-media-url-signing').digest();
}

/**
 * How long a browser or the server may keep knowing that a shared image address still serves:
 * together at most a minute after a child's work stops being shared
 * (docs/decisions/068-moderation-that-holds.md).
 */
export const SHARED_CHECK_TTL_MS = 30_000;

function signature(key: Buffer, path: string, expiresSec: number, shared = false): string {
  const text = `${path}\n${expiresSec}${shared ? '\nshared' : ''}`;
  return createHmac('sha256', key).update(text).digest('base64url');
}

/**
 * `?e=<unix seconds>&s=<HMAC of path and expiry>` for `path`; `a=s` (signed too) marks an address
 * handed to someone outside the family and staff, checked against the work's sharing whenever it
 * is fetched.
 */
export function signPath(key: Buffer, path: string, expiresAt: Date, shared = false): string {
  const e = Math.floor(expiresAt.getTime() / 1000);
  return `e=${e}${shared ? '&a=s' : ''}&s=${signature(key, path, e, shared)}`;
}

export type SignatureCheck = { ok: true; expiresAt: Date; shared: boolean } | { ok: false };

/** Checks a signed path's `e` and `s` in constant time; an expired one fails too. */
export function verifySignedPath(
  key: Buffer,
  path: string,
  e: string | undefined,
  s: string | undefined,
  now: Date = new Date(),
  a?: string,
): SignatureCheck {
  if (!e || !s || !/^\d{1,12}$/.test(e)) return { ok: false };
  const expiresSec = Number(e);
  const shared = a === 's';
  const expected = Buffer.from(signature(key, path, expiresSec, shared));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
  if (expiresSec * 1000 <= now.getTime()) return { ok: false };
  return { ok: true, expiresAt: new Date(expiresSec * 1000), shared };
}
