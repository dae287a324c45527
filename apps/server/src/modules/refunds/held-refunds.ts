import { type HeldRefundDocument, REFUND_MESSAGES } from '@atelier/contract';
import { AppError, notFound } from '../../lib/app-error';
import { findOrder, lockOrderRow } from '../orders';
import { verifyHeldRefund } from './held-refund-links';
import { afterRefundApplied, applySucceededRefund } from './refund-application';
import { executeRefund } from './refund-execution';
import type { RefundsContext } from './refunds.context';
import {
  isLatePaymentRefund,
  type RefundRow,
  refundById,
  refundsToSend,
  releaseHeldRefund,
} from './refunds.repository';

// A late payment's card refund held for the family's choice
// (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md): the sweep sends it
// when due; the mailed link keeps it as account credit until then. Both decide under the order's
// lock, the one every refund path takes, so exactly one of them wins: the sweep releases the
// hold (clears `send_after`) before it calls the provider, and the choice needs the hold.

/**
 * Sends the held refunds now due, and those released a minute ago that the provider never named
 * (a process stopped between releasing and sending): with two server processes sweeping, the
 * release under the lock lets one send a held refund, and a re-send goes with the refund's own
 * idempotency key, so the provider refunds once.
 */
export async function sendDueRefunds(ctx: RefundsContext, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (const due of await refundsToSend(ctx.db, now)) {
    const refund = await ctx.db.transaction(async (tx) => {
      await lockOrderRow(tx, due.orderId);
      const current = await refundById(tx, due.id);
      if (current?.status !== 'pending' || current.method !== 'card') return null;
      if (current.providerRefundId !== null) return null;
      if (current.sendAfter === null) return current;
      if (current.sendAfter > now) return null;
      return (await releaseHeldRefund(tx, current.id, now)) ? current : null;
    });
    if (!refund) continue;
    try {
      await executeRefund(ctx, refund, null);
      sent += 1;
    } catch (error) {
      // Out of reach: still pending and released, so the next sweep sends it again; refused:
      // marked failed (executeRefund), and staff must look.
      ctx.log.error({ err: error, refundId: refund.id }, 'a held late-payment refund was not sent');
    }
  }
  return sent;
}

function stateOf(refund: RefundRow): HeldRefundDocument['data']['attributes']['state'] {
  if (refund.method === 'credit') return 'credit';
  return refund.status === 'pending' && refund.sendAfter !== null ? 'held' : 'card';
}

async function documentOf(ctx: RefundsContext, refund: RefundRow): Promise<HeldRefundDocument> {
  const order = await findOrder(ctx.db, refund.orderId);
  return {
    data: {
      id: String(refund.id),
      type: 'held_refunds',
      attributes: {
        order_id: String(refund.orderId),
        amount: refund.amount,
        currency: order?.currency ?? 'USD',
        state: stateOf(refund),
        send_after: refund.sendAfter?.toISOString() ?? null,
      },
    },
  };
}

async function refundOfToken(ctx: RefundsContext, token: string): Promise<RefundRow> {
  const id = verifyHeldRefund(ctx.linkSecret, token);
  const refund = id === null ? undefined : await refundById(ctx.db, id);
  if (!refund || !isLatePaymentRefund(refund)) {
    throw new AppError('not_found', REFUND_MESSAGES.badLink);
  }
  return refund;
}

/** GET /api/v2/refunds/keep_as_credit?token=: what the mailed link is about, and its state. */
export async function heldRefund(ctx: RefundsContext, token: string): Promise<HeldRefundDocument> {
  return documentOf(ctx, await refundOfToken(ctx, token));
}

/**
 * POST /api/v2/refunds/keep_as_credit {token}: the held card refund becomes account credit, once
 * (no provider call; the ledger's credit, the mail and notification confirm it). Chosen already:
 * the same answer. Released to the card: 409, it is on its way back there.
 */
export async function keepAsCredit(
  ctx: RefundsContext,
  token: string,
): Promise<HeldRefundDocument> {
  const found = await refundOfToken(ctx, token);
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, found.orderId);
    const refund = await refundById(tx, found.id);
    if (!order || !refund) throw notFound('Refund');
    if (refund.method === 'credit') return { refund, applied: null };
    if (refund.status !== 'pending' || refund.method !== 'card' || refund.sendAfter === null) {
      throw new AppError('conflict', REFUND_MESSAGES.alreadySent);
    }
    const applied = await applySucceededRefund(ctx, tx, order, refund, { keepAsCredit: true });
    return { refund, applied };
  });
  if (outcome.applied) await afterRefundApplied(ctx, outcome.applied);
  return documentOf(ctx, (await refundById(ctx.db, found.id)) ?? outcome.refund);
}
