import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { CartContext } from '../cart';
import type { NotifyInput } from '../notifications';
import type { PaymentsPort } from './orders.payments';

/** What the orders services need from the app (docs/architecture.md#orders-and-payments). */
export type OrdersContext = {
  db: Db;
  /** The cart as checkout prices it (its db, image URLs, clock and coupon lookup). */
  cart: CartContext;
  payments: PaymentsPort;
  mailer: Mailer;
  /** Tells the buyer (a stored notification pushed to their sockets); after the commit. */
  notify: (input: NotifyInput) => Promise<unknown>;
  currency: string;
  /** The school's zone, whose months monthly payment bills (decision 075); New York when unset. */
  billingZone?: string;
  /** The clock, replaceable in tests. */
  now: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};
