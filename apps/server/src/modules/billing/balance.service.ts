import type { BalanceDocument, BalancePaymentDocument } from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { accountBalance } from '../ledger';
import type { BillingContext } from './billing.context';
import {
  autopayUnderWay,
  insertPendingBalancePayment,
  lockFamilyBalance,
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
  return dueOf(ctx.db, familyId);
}

async function dueOf(db: Db, familyId: number): Promise<number> {
  const balance = await accountBalance(db, familyId);
  return Math.max(0, balance - (await autopayUnderWay(db, familyId)));
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
 * Requests of one family take its balance lock, so racing ones answer one payment and, its key
 * being the payment's, one intent: the family is never asked to pay twice
 * (docs/architecture.md#monthly-tuition). The provider is called after the commit.
 */
export async function payBalance(
  ctx: BillingContext,
  familyId: number,
): Promise<BalancePaymentDocument> {
  const payments = ctx.payments;
  if (!payments) {
    throw new AppError('unavailable', 'Card payments are not available with this payment setup');
  }
  let replacedIntent: string | null = null;
  const row = await ctx.db.transaction(async (tx) => {
    await lockFamilyBalance(tx, familyId);
    const due = await dueOf(tx, familyId);
    if (due <= 0) throw new AppError('conflict', 'Nothing is due');
    const at = ctx.now();
    const pending = await pendingBalancePayment(tx, familyId);
    if (pending?.amount === due) return pending;
    if (pending) {
      replacedIntent = pending.intentId;
      await updateBillingPayment(tx, pending.id, {
        status: 'failed',
        lastError: 'Replaced by a payment of the current balance',
        updatedAt: at,
      });
    }
    return insertPendingBalancePayment(tx, {
      userId: familyId,
      amount: due,
      currency: ctx.currency,
      createdAt: at,
      updatedAt: at,
    });
  });
  // A card form still open on the old amount (another tab, another guardian) must not take it:
  // paid, it would only turn into credit. Cancelling is best effort; should the old intent be paid
  // first after all, its payment is still recorded once, as credit.
  if (replacedIntent) await cancelReplacedIntent(ctx, payments, replacedIntent);
  // The intent's key is the payment's: asking again answers the same intent.
  const intent = await payments.createBillingIntent({
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
        publishable_key: payments.publishableKey,
        intent_id: intent.intentId,
      },
    },
  };
}

async function cancelReplacedIntent(
  ctx: BillingContext,
  payments: NonNullable<BillingContext['payments']>,
  intentId: string,
): Promise<void> {
  try {
    if (!(await payments.cancelIntent(intentId))) {
      ctx.log.warn({ intentId }, 'a replaced balance payment could no longer be cancelled');
    }
  } catch (err) {
    ctx.log.error({ err, intentId }, 'cancelling a replaced balance payment failed');
  }
}
