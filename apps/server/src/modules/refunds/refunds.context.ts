import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { NotifyInput } from '../notifications';

/** What refunds need of `app.payments`. */
export type RefundsPaymentsPort = {
  refund(input: {
    orderId: number;
    intentId: string;
    amount: number;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ refundId: string; status: string }>;
};

/** A refund's outcome as the provider's webhook reports it. */
export type RefundOutcome = {
  type: 'succeeded' | 'failed';
  refundId: number;
  orderId: number;
  providerRefundId: string;
};

/** What the refunds services need from the app. */
export type RefundsContext = {
  db: Db;
  payments: RefundsPaymentsPort;
  mailer: Mailer;
  notify: (input: NotifyInput) => Promise<unknown>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /**
   * Minutes a late payment's card refund is held so the family may keep the money as account
   * credit; 0 sends it at once (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md).
   */
  latePaymentHoldMinutes: number;
  /** Signs the mailed links that keep a held refund as credit. */
  linkSecret: string;
};
