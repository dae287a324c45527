import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';

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
};
