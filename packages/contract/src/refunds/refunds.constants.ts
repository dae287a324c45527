// Refunds' constants and messages, apart from the schemas: the web's first page maps server
// messages to its own words and must not load zod schemas for it (the first-visit bundle budget,
// docs/decisions/021-precompressed-assets-and-first-visit-budget.md).

export const REFUND_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * How a refund's money goes back: a card payment through the provider; cash or check paid out by
 * the desk and recorded; `credit` kept on the family's balance for a later order.
 */
export const REFUND_METHODS = ['card', 'cash', 'check', 'credit'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REFUND_DECISIONS = ['approve', 'reject'] as const;
export type RefundDecision = (typeof REFUND_DECISIONS)[number];

/** The most characters of a refund reason or a decision note. */
export const REFUND_REASON_MAX_LENGTH = 1000;
/** The most attendees one request or refund may name. */
export const REFUND_MAX_ATTENDEES = 100;

/** What the refund routes answer when they refuse (422 field messages, 409 details). */
export const REFUND_MESSAGES = {
  /** 409: only a paid or partly refunded order can be refunded. */
  notRefundable: 'Only a paid order can be refunded',
  /** 422 on `method`: card asked for an order paid at the desk (cash or check). */
  notPaidByCard:
    'This order was not paid by card: refund it in cash, by check or as account credit',
  /** 422 on `method`: cash or check asked for an order paid by card (money goes back where it came from). */
  paidByCard: 'This order was paid by card: refund it to the card or as account credit',
  /** 422 on `method`: nothing was paid in money (a free order, or one paid with account credit). */
  noMoneyPaid: 'Nothing was paid for this order in money: refund it as account credit',
  /** 422 on `amount`: more than the card (or the desk) took, less what went back that way already. */
  exceedsMethod: (method: 'card' | 'cash' | 'check', left: string) =>
    method === 'card'
      ? `At most ${left} can go back to the card; refund the rest as account credit`
      : `At most ${left} was paid at the desk and can go back in cash or by check; refund the rest as account credit`,
  /** 409: everything paid has been refunded (or is being refunded) already. */
  nothingLeft: 'This order has been refunded in full already',
  /** 409: a request was decided already. */
  alreadyDecided: 'This refund request has been decided already',
  /** 409: the order's owner has a pending request already. */
  requestPending: 'A refund request for this order is already waiting for a decision',
  /** 422 on `amount`: more than what is left to refund (paid minus pending and succeeded refunds). */
  exceedsRemaining: (remaining: string) => `At most ${remaining} can still be refunded`,
  /** 422 on `attendee_profile_ids`: someone not booked by this order. */
  notAnAttendee: 'Choose attendees of this order',
  /** 422 on `amount`: approving a request whose share comes to nothing needs an amount. */
  amountRequired: 'Enter the amount to refund',
  /** 409 on keeping a late payment as credit: the held refund went to the card already. */
  alreadySent: 'This money is already on its way back to your card',
  /** 404 on keeping a late payment as credit: the link is not one we sent. */
  badLink: 'This link is not valid',
  /** The provider refused the refund: it is failed and the money may be refunded again. */
  providerFailed: 'The payment provider could not refund this payment',
} as const;
