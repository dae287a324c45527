import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { RateLimiter } from '../../plugins/rate-limit';

/**
 * Invitations a family may send per hour: each is a mail to an address of its choosing, so the
 * school's mail cannot be turned on someone's mailbox.
 */
export const GUARDIAN_INVITES_PER_HOUR = 20;

/** What the second-guardian services need from the app (decision 071). */
export type GuardiansContext = {
  db: Db;
  mailer: Mailer;
  /** The clock, replaceable in tests. */
  now: () => Date;
  /**
   * Drops a user's cached sessions (the users module's `forgetUser`), so a guardian added or
   * removed acts for the right family from their next request on.
   */
  forgetUser: (userId: number) => void;
  /** Counts invitations per family (GUARDIAN_INVITES_PER_HOUR). */
  invites: RateLimiter;
};
