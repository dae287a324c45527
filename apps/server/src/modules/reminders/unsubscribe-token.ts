import { createHmac, timingSafeEqual } from 'node:crypto';

// A mailed unsubscribe link works without signing in (RFC 8058: a mail client posts it with no
// session), so it carries its own proof: the account id and HMAC(server secret, id). Nothing is
// stored; a link stays valid until the secret is rotated (docs/decisions/049-class-reminders.md).

const signatureOf = (secret: string, userId: number) =>
  createHmac('sha256', secret)
    .update(`class-reminders-unsubscribe:v1:${userId}`)
    .digest('base64url');

/** `<user id>.<signature>`: what the link's last path segment holds. */
export const unsubscribeToken = (secret: string, userId: number) =>
  `${userId}.${signatureOf(secret, userId)}`;

const TOKEN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

/** The account a token was signed for, or null when it is malformed or its signature is wrong. */
export function userIdOfUnsubscribeToken(secret: string, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  const given = Buffer.from(match[2] as string);
  const expected = Buffer.from(signatureOf(secret, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
