import type { BalanceDocument, BalancePaymentDocument } from '@atelier/contract';
import { AppError } from '../../lib/app-error';
import { accountBalance } from '../ledger';
import type { BillingContext } from './billing.context';
import {
  autopayUnderWay,
  insertBillingPayment,
  pendingBalancePayment,
  updateBillingPayment,
} from './billing.repository';

// The balance due and paying it by card from /orders
// (docs/decisions/075-monthly-tuition-and-billing-runs.md).

/**
 * What the family owes now: its ledger balance, less the autopay still under way (a month whose
 * card is being charged or will be tried again is not asked for twice).
 */
export async function balanceDue(ctx: BillingContext, familyId: number): Promise<number> {
  const balance = await accountBalance(ctx.db, familyId);
  return Math.max(0, balance - (await autopayUnderWay(ctx.db, familyId)));
}

export async function balanceDocument(
  ctx: BillingContext,
  familyId: number,
): Promise<BalanceDocument> {
  return { data: { due: await balanceDue(ctx, familyId), currency: ctx.currency } };
}

/**
 * A card payment of the whole balance due, not tied to an order: an intent naming the billing
 * payment, confirmed in the card form; the signed webhook writes the ledger payment once. Asked
 * again for the same amount, the same payment answers; for another amount, a new one replaces it.
 */
export async function payBalance(
  ctx: BillingContext,
  familyId: number,
): Promise<BalancePaymentDocument> {
  if (!ctx.payments) {
    throw new AppError('unavailable', 'Card payments are not available with this payment setup');
  }
  const due = await balanceDue(ctx, familyId);
  if (due <= 0) throw new AppError('conflict', 'Nothing is due');
  const at = ctx.now();
  let row = await pendingBalancePayment(ctx.db, familyId);
  if (row && row.amount !== due) {
    await updateBillingPayment(ctx.db, row.id, {
      status: 'failed',
      lastError: 'Replaced by a payment of the current balance',
      updatedAt: at,
    });
    row = undefined;
  }
  if (!row) {
    row = await insertBillingPayment(ctx.db, {
      userId: familyId,
      kind: 'balance',
      amount: due,
      currency: ctx.currency,
      createdAt: at,
      updatedAt: at,
    });
  }
  // The intent's key is the payment's: asking again answers the same intent.
  const intent = await ctx.payments.createBillingIntent({
    billingPaymentId: row.id,
    userId: familyId,
    amount: row.amount,
    currency: row.currency,
  });
  if (row.intentId !== intent.intentId) {
    await updateBillingPayment(ctx.db, row.id, {
      intentId: intent.intentId,
      clientSecret: intent.clientSecret,
    });
  }
  return {
    data: {
      id: String(row.id),
      amount: row.amount,
      currency: row.currency,
      payment: {
        provider: ctx.provider,
        client_secret: intent.clientSecret,
        publishable_key: ctx.payments.publishableKey,
        intent_id: intent.intentId,
      },
    },
  };
}
