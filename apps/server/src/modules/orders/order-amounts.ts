import type { OrderRow } from './orders.repository';

/**
 * What money pays of an order (the card, or cash or check at the desk): its total less the
 * account credit it set aside (docs/decisions/064-account-credit-at-checkout.md).
 */
export const amountDue = (order: Pick<OrderRow, 'total' | 'creditApplied'>): number =>
  order.total - order.creditApplied;
