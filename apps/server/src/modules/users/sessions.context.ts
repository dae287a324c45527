import type { Db } from '../../db/client';
import type { PubSub } from '../../pubsub/pubsub';
import type { SessionCache } from './session-cache';
import type { SessionKey } from './session-tokens';
import type { SignInThrottle } from './sign-in-throttle';
import type { prepareSessionLookup } from './users.repository';

/**
 * What the session services need (docs/architecture.md#sessions). Besides what the app hands over
 * (db, pub/sub, clock), it holds what is built once per process, because building it per request
 * costs throughput: the imported signing key, the prepared session lookup, the session cache and
 * the sign-in limits. `sessionsContextOf` (session.service.ts) builds it.
 */
export type SessionsContext = {
  db: Db;
  pubsub: PubSub;
  /** The clock in milliseconds, replaceable in tests. */
  now: () => number;
  key: SessionKey;
  lookupSession: ReturnType<typeof prepareSessionLookup>;
  cache: SessionCache;
  throttle: SignInThrottle;
  /**
   * A hash unknown addresses are checked against, so answering takes as long as for a real
   * account: the timing must not tell which addresses have accounts.
   */
  dummyHash: Promise<string>;
  /** Stops listening for other processes' revocations. */
  unsubscribe: () => Promise<void>;
};
