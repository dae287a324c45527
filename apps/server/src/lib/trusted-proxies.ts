import type { Config } from '../config';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Never `true`: trusting every hop takes the client's
 * address from the left end of X-Forwarded-For, which the client writes itself, so each request
 * could claim a new address and walk past every per-address limit. Not a bare number either:
 * Fastify reads one as "trust nothing" (it cannot check the peer), so a count of proxies is a
 * function believing that many entries from the right (docs/architecture.md#many-servers).
 */
export function trustedProxies(
  setting: Config['trustProxy'],
): false | string | ((address: string, hop: number) => boolean) {
  if (Array.isArray(setting)) return setting.join(',');
  if (setting === 0) return false;
  // Hop 0 is the socket's peer (the nearest proxy); each proxy trusted reveals one entry more.
  return (_address, hop) => hop < setting;
}
