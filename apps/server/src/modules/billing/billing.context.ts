import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { NotifyInput } from '../notifications';
import type { BillingPayments } from '../payments';

/** What the billing services need (docs/decisions/075-monthly-tuition-and-billing-runs.md). */
export type BillingContext = {
  db: Db;
  /** The clock, replaceable in tests (retries on day 3 and day 7). */
  now: () => Date;
  currency: string;
  /** The school's time zone: billing periods are its calendar months. */
  zone: string;
  /** Days of notice before a month for an ending to spare it (MONTHLY_NOTICE_DAYS). */
  noticeDays: number;
  provider: 'stripe' | 'fake';
  /** The provider's saved-card and off-session calls; null under a payments stand-in without them. */
  payments: BillingPayments | null;
  notify: (input: NotifyInput) => Promise<unknown>;
  mailer: Mailer;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};
