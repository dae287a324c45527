import { createHash, randomBytes } from 'node:crypto';

/** A new mailed-link token: 32 random bytes, URL-safe (43 characters). */
export const newAccountToken = () => randomBytes(32).toString('base64url');

/** What is stored for a token: its SHA-256, hex. Lookups hash the presented token the same way. */
export const hashAccountToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');
