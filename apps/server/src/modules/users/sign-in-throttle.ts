import { rateLimited, retryAfterSeconds, WindowRateLimiter } from '../../plugins/rate-limit';
import type { RateLimitStore } from '../../plugins/rate-limit-store';

const MINUTE_MS = 60_000;

/**
 * Sign-in limits, fixed rather than configurable: they are security properties, not tuning
 * (decision 020 gives the reasons).
 * - Per account and client address: `freeFailures` wrong passwords cost nothing; after that the
 *   client waits `firstDelayMs`, doubling with each further failure up to `maxDelayMs`, and its
 *   failures are forgotten `failureMemoryMs` after the first, or at once when it signs in.
 *   Nobody else is held up: the owner signs in from any other address, and from this one after
 *   the (short) wait.
 * - Per client address across accounts: `perIp` failures per window, against one client spraying
 *   passwords over many accounts; roomy enough for the families behind one school or home network.
 * - Per account across addresses: past `perAccount` failures in its window, only clients that have
 *   already failed for the account wait for the window's end, so an attack spread over many
 *   addresses gets one guess per address while the owner's first try still goes through.
 */
export const SIGN_IN_LIMITS = {
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: MINUTE_MS,
  failureMemoryMs: 60 * MINUTE_MS,
  perIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  perAccount: { limit: 100, windowMs: 15 * MINUTE_MS },
} as const;

/** How long a client waits after its `failures`-th failure for one account (0: not at all). */
export function signInDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_LIMITS;
  if (failures < freeFailures) return 0;
  // Capped before the power grows large: 2^60 ms is no longer an exact integer.
  return Math.min(firstDelayMs * 2 ** Math.min(failures - freeFailures, 30), maxDelayMs);
}

/**
 * The sign-in limits of SIGN_IN_LIMITS over a RateLimitStore (the app's, shared through Redis when
 * REDIS_URL is set). Call `admit` before checking a password, then `failed` or `succeeded`.
 */
export class SignInThrottle {
  private readonly perIp: WindowRateLimiter;

  constructor(private readonly store: RateLimitStore) {
    this.perIp = new WindowRateLimiter(store, { ...SIGN_IN_LIMITS.perIp, name: 'sign-in:ip' });
  }

  /** Throws a 429 (with `Retry-After`) when this client must wait before trying this account. */
  async admit(email: string, ip: string): Promise<void> {
    const byIp = await this.perIp.hit(ip);
    if (!byIp.allowed) throw rateLimited(byIp.retryAfterS, 'sign-in attempts from your network');
    const keys = this.keys(email, ip);
    const [pair, account] = await Promise.all([
      this.store.read(keys.failures),
      this.store.read(keys.account),
    ]);
    let waitMs = 0;
    if (pair.count > 0 && account.count >= SIGN_IN_LIMITS.perAccount.limit) {
      waitMs = account.ttlMs;
    } else if (pair.count >= SIGN_IN_LIMITS.freeFailures) {
      // Claimed, not just read: of many attempts sent at once, one goes through and the rest
      // wait, so concurrency cannot skip the delays.
      waitMs = await this.store.claim(keys.wait, signInDelayMs(pair.count));
    }
    if (waitMs > 0) {
      // No password was tried, so this attempt does not count against the network.
      await this.perIp.refund(ip);
      throw rateLimited(retryAfterSeconds(waitMs), 'sign-in attempts for this account');
    }
  }

  /** Counts a wrong password (or an unknown address) against the client and the account. */
  async failed(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    const [pair] = await Promise.all([
      this.store.increment(keys.failures, SIGN_IN_LIMITS.failureMemoryMs),
      this.store.increment(keys.account, SIGN_IN_LIMITS.perAccount.windowMs),
    ]);
    const delayMs = signInDelayMs(pair.count);
    if (delayMs > 0) await this.store.hold(keys.wait, delayMs);
  }

  /**
   * The right password: the client's failures for this account are forgotten and its attempt is
   * given back to the network. The account's count across addresses stays: one success does not
   * end an attack from elsewhere.
   */
  async succeeded(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await Promise.all([this.perIp.refund(ip), this.store.delete(keys.failures, keys.wait)]);
  }

  private keys(email: string, ip: string) {
    const account = email.toLowerCase();
    // JSON keeps the pair unambiguous: an IPv6 address has colons, an e-mail address may too.
    const pair = JSON.stringify([account, ip]);
    return {
      failures: `sign-in:failures:${pair}`,
      wait: `sign-in:wait:${pair}`,
      account: `sign-in:account:${account}`,
    };
  }
}
