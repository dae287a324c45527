import { REFUND_MESSAGES } from '@atelier/contract';
import { AppError } from '../../lib/app-error';
import { recordOrderEvent } from '../orders';
import { paidIntentOfOrder } from '../payments';
import { type AppliedRefund, afterRefundApplied } from './refund-application';
import type { RefundsContext } from './refunds.context';
import {
  type RefundRow,
  refundById,
  setProviderRefundId,
  settleRefund,
} from './refunds.repository';

/**
 * Pays back through the provider, after the refund row is committed (pending): the fake
 * provider confirms through the webhook before it answers, and that handler takes the order's
 * lock, so no lock may be held here. The provider refusing fails the refund (the money may be
 * refunded again); not reaching it leaves it pending, as the refund may have gone through: its
 * event settles it.
 */
export async function executeRefund(
  ctx: RefundsContext,
  refund: RefundRow,
  actorId: number | null,
): Promise<RefundRow> {
  const intentId = await paidIntentOfOrder(ctx.db, refund.orderId);
  try {
    if (!intentId) throw new AppError('conflict', REFUND_MESSAGES.notPaidByCard);
    const result = await ctx.payments.refund({
      orderId: refund.orderId,
      intentId,
      amount: refund.amount,
      idempotencyKey: refund.idempotencyKey,
      metadata: { order_id: String(refund.orderId), refund_id: String(refund.id) },
    });
    await setProviderRefundId(ctx.db, refund.id, result.refundId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unavailable') throw error;
    ctx.log.warn({ err: error, refundId: refund.id }, 'the provider refused a refund');
    await ctx.db.transaction(async (tx) => {
      if (await settleRefund(tx, refund.id, { status: 'failed' })) {
        await recordOrderEvent(tx, {
          orderId: refund.orderId,
          type: 'refund_failed',
          actorId,
          data: { refund_id: refund.id, amount: refund.amount },
        });
      }
    });
    throw new AppError('conflict', REFUND_MESSAGES.providerFailed);
  }
  return (await refundById(ctx.db, refund.id)) ?? refund;
}

/**
 * After the refund's transaction: a card refund goes to the provider; one paid out at the desk or
 * kept as credit was applied in that transaction already (`applied`), and only what follows the
 * commit is left (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md).
 */
export async function sendRefund(
  ctx: RefundsContext,
  refund: RefundRow,
  applied: AppliedRefund | null,
  actorId: number | null,
): Promise<RefundRow> {
  if (refund.method === 'card') return executeRefund(ctx, refund, actorId);
  if (applied) await afterRefundApplied(ctx, applied);
  return (await refundById(ctx.db, refund.id)) ?? refund;
}
