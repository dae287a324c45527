import { createHmac, timingSafeEqual } from 'node:crypto';

// The mailed link that keeps a late payment's held card refund as account credit carries the
// refund's id signed with the server's secret (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md):
// the family may follow it from any device without signing in, and nobody can make one for a
// refund that is not theirs.

const mac = (secret: string, refundId: number) =>
  createHmac('sha256', secret).update(`keep-as-credit:${refundId}`).digest('base64url');

export const signHeldRefund = (secret: string, refundId: number) =>
  `${refundId}.${mac(secret, refundId)}`;

/** The refund id a token names, or null when it is not one we signed. */
export function verifyHeldRefund(secret: string, token: string): number | null {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0 || !/^\d{1,12}$/.test(id)) return null;
  const expected = Buffer.from(mac(secret, Number(id)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(id);
}
