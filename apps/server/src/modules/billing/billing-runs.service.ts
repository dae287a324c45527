import type { BillingRunDocument, Language } from '@atelier/contract';
import type { Db } from '../../db/client';
import type { MailTemplates } from '../../mail/templates';
import { scheduledSessionsBetween } from '../classes';
import { enrolledAmong } from '../enrollments';
import { type LedgerEntryInput, recordEntries } from '../ledger';
import type { BillingPaymentEvent } from '../payments';
import { peopleByIds } from '../users';
import type { BillingContext } from './billing.context';
import {
  type BillingChargeRow,
  type BillingPaymentRow,
  billingPaymentById,
  claimAutopayAttempt,
  customerOfFamily,
  enrollmentsDue,
  giveBackAutopayAttempt,
  insertBillingPayment,
  insertCharges,
  lockBillingPayment,
  lockPeriod,
  type MonthlyEnrollmentRow,
  paymentMethodById,
  retriesDue,
  updateBillingPayment,
} from './billing.repository';
import { monthCharge, nextRetryAt, periodBounds, periodOf } from './billing-periods';
import { lastBillablePeriod } from './monthly-enrollments.service';

// Billing runs (docs/decisions/075-monthly-tuition-and-billing-runs.md): a month's tuition of
// every monthly enrollment due, written once per (enrollment, period) with its ledger charge, and
// with autopay charged to the saved card off-session. The payment's money is written when the
// provider's signed event arrives, through the webhook, once.

type Planned = {
  enrollment: MonthlyEnrollmentRow;
  amount: number;
  sessionsInMonth: number;
  sessionsBilled: number;
};

/** What a run of `period` would bill now: due enrollments still enrolled, prorated by sessions. */
async function plan(db: Db, period: string, zone: string): Promise<Planned[]> {
  const due = (await enrollmentsDue(db, period)).filter((e) => lastBillablePeriod(e) >= period);
  if (due.length === 0) return [];
  // A child no longer enrolled (refunded, moved) is not billed.
  const bySchedule = new Map<number, MonthlyEnrollmentRow[]>();
  for (const e of due) bySchedule.set(e.scheduleId, [...(bySchedule.get(e.scheduleId) ?? []), e]);
  const enrolled: MonthlyEnrollmentRow[] = [];
  for (const [scheduleId, rows] of bySchedule) {
    const children = rows.flatMap((r) =>
      r.attendeeProfileId === null ? [] : [r.attendeeProfileId],
    );
    const active = await enrolledAmong(db, scheduleId, children);
    enrolled.push(
      ...rows.filter((r) => r.attendeeProfileId !== null && active.has(r.attendeeProfileId)),
    );
  }
  const { from, to } = periodBounds(period, zone);
  const sessions = await scheduledSessionsBetween(db, [...bySchedule.keys()], from, to);
  return enrolled.map((enrollment) => {
    const starts = sessions
      .filter((s) => s.scheduleId === enrollment.scheduleId)
      .map((s) => s.startsAt);
    // A late start pays the sessions from its start on; otherwise the whole month.
    const begun = new Date(Math.max(enrollment.createdAt.getTime(), from.getTime()));
    return { enrollment, ...monthCharge(enrollment.monthlyPrice, starts, begun) };
  });
}

const describe = (e: MonthlyEnrollmentRow, period: string) =>
  `${e.programme} · ${e.scheduleName} · ${e.childName} · ${period}`;

/** The report of a run: per family, what was (or would be) charged. */
async function report(
  ctx: BillingContext,
  period: string,
  dryRun: boolean,
  lines: { enrollment: MonthlyEnrollmentRow; amount: number }[],
): Promise<BillingRunDocument> {
  const families = new Map<number, typeof lines>();
  for (const line of lines) {
    const id = line.enrollment.userId;
    families.set(id, [...(families.get(id) ?? []), line]);
  }
  const people = await peopleByIds(ctx.db, [...families.keys()]);
  return {
    data: {
      period,
      dry_run: dryRun,
      currency: ctx.currency,
      total: lines.reduce((s, l) => s + l.amount, 0),
      families: [...families.entries()].map(([userId, own]) => ({
        user_id: String(userId),
        name: people.get(userId)?.name ?? '',
        amount: own.reduce((s, l) => s + l.amount, 0),
        lines: own.map((l) => ({
          monthly_enrollment_id: String(l.enrollment.id),
          child_name: l.enrollment.childName,
          schedule_name: l.enrollment.scheduleName,
          amount: l.amount,
          autopay: l.enrollment.paymentMethodId !== null,
        })),
      })),
    },
  };
}

/**
 * Runs (or, dry, previews) the tuition of `period`. Each (enrollment, period) is charged once
 * whoever runs it and however often: runs of a period take its lock, and the unique index on the
 * charges is the last word. The ledger charge is written in the same transaction as the charge;
 * autopay is attempted after the commit (no transaction waits on the provider).
 */
export async function runBilling(
  ctx: BillingContext,
  period: string,
  options: { dryRun?: boolean; actorId?: number | null } = {},
): Promise<BillingRunDocument> {
  if (options.dryRun) {
    const planned = await plan(ctx.db, period, ctx.zone);
    return report(ctx, period, true, planned);
  }
  const at = ctx.now();
  const { charged, autopay } = await ctx.db.transaction(async (tx) => {
    await lockPeriod(tx, period);
    const planned = await plan(tx, period, ctx.zone);
    const written = await insertCharges(
      tx,
      planned.map((p) => ({
        monthlyEnrollmentId: p.enrollment.id,
        userId: p.enrollment.userId,
        period,
        amount: p.amount,
        sessionsBilled: p.sessionsBilled,
        sessionsInMonth: p.sessionsInMonth,
        createdAt: at,
      })),
    );
    const byEnrollment = new Map(planned.map((p) => [p.enrollment.id, p.enrollment]));
    const charged: {
      enrollment: MonthlyEnrollmentRow;
      charge: BillingChargeRow;
      amount: number;
    }[] = written.flatMap((charge) => {
      const enrollment = byEnrollment.get(charge.monthlyEnrollmentId);
      return enrollment ? [{ enrollment, charge, amount: charge.amount }] : [];
    });
    await recordEntries(
      tx,
      charged.map(
        ({ enrollment, charge }): LedgerEntryInput => ({
          owner: { userId: enrollment.userId, guestCustomerId: null },
          kind: 'charge',
          amount: charge.amount,
          currency: enrollment.currency,
          description: describe(enrollment, period),
          billingPeriod: period,
          createdById: options.actorId ?? null,
          at,
        }),
      ),
    );
    const autopay: number[] = [];
    for (const { enrollment, charge } of charged) {
      if (charge.amount <= 0 || enrollment.paymentMethodId === null) continue;
      const payment = await insertBillingPayment(tx, {
        userId: enrollment.userId,
        kind: 'autopay',
        chargeId: charge.id,
        period,
        amount: charge.amount,
        currency: enrollment.currency,
        paymentMethodId: enrollment.paymentMethodId,
        createdAt: at,
        updatedAt: at,
      });
      autopay.push(payment.id);
    }
    return { charged, autopay };
  });
  for (const id of autopay) await attemptAutopay(ctx, id);
  return report(ctx, period, false, charged);
}

/**
 * One autopay attempt: claimed first (one process, one attempt), then the card charged
 * off-session under the attempt's own idempotency key. The provider's event applies the outcome.
 * A claim whose process died before the provider answered is taken over by the sweep after
 * the repository's STALE_CLAIM_MS with the same attempt number, hence the same key: if the first call did reach
 * the provider, the provider answers that charge again instead of making a second
 * (docs/architecture.md#monthly-tuition).
 */
export async function attemptAutopay(ctx: BillingContext, paymentId: number): Promise<void> {
  const now = ctx.now();
  const claimed = await claimAutopayAttempt(ctx.db, paymentId, now);
  if (!claimed) return;
  const card =
    claimed.paymentMethodId === null
      ? undefined
      : await paymentMethodById(ctx.db, claimed.paymentMethodId);
  const customer = await customerOfFamily(ctx.db, claimed.userId);
  if (!card || !customer || !ctx.payments) {
    // The card was removed: the month stays on the balance, to pay from /orders.
    await updateBillingPayment(ctx.db, claimed.id, {
      status: 'failed',
      lastError: 'No saved card to charge',
      updatedAt: now,
    });
    return;
  }
  try {
    const result = await ctx.payments.chargeOffSession({
      customerId: customer.customerId,
      paymentMethodId: card.providerMethodId,
      amount: claimed.amount,
      currency: claimed.currency,
      metadata: { billing_payment_id: String(claimed.id), user_id: String(claimed.userId) },
      idempotencyKey: `billing-payment-${claimed.id}-attempt-${claimed.attempts}`,
    });
    if (result.intentId) {
      await updateBillingPaymentIntent(ctx.db, claimed.id, result.intentId);
    } else if (result.status === 'failed') {
      // Refused before an intent was made: no event will come, so the decline is applied here
      // (left pending without an intent, the attempt would be taken over again and again).
      await applyOutcome(ctx, {
        type: 'failed',
        billingPaymentId: claimed.id,
        intentId: null,
        message: result.message,
      });
    }
  } catch (err) {
    // Not reaching the provider is not a decline: the attempt is tried again at the next sweep.
    ctx.log.warn({ err, paymentId }, 'autopay could not reach the provider; retried later');
    await giveBackAutopayAttempt(ctx.db, claimed, now);
  }
}

/** Keeps the latest attempt's intent on the payment (a late event of an older one is told apart). */
async function updateBillingPaymentIntent(db: Db, id: number, intentId: string): Promise<void> {
  const row = await billingPaymentById(db, id);
  if (row && row.intentId !== intentId) await updateBillingPayment(db, id, { intentId });
}

/** Retries of declined autopay that are due (day 3 and day 7); each claimed by one process. */
export async function sweepAutopayRetries(ctx: BillingContext): Promise<number> {
  const due = await retriesDue(ctx.db, ctx.now());
  for (const id of due) await attemptAutopay(ctx, id);
  return due.length;
}

/**
 * The scheduled run: the current month of the school's calendar, then the retries due. Safe in
 * every process at once: a period is charged once, an attempt claimed once.
 */
export async function scheduledBillingTick(ctx: BillingContext): Promise<void> {
  await runBilling(ctx, periodOf(ctx.now(), ctx.zone));
  await sweepAutopayRetries(ctx);
}

/**
 * A billing payment's outcome from the provider's signed event, applied once: a success moves it
 * to succeeded and writes the ledger payment in the same transaction (from any state: the money
 * was taken); a decline of the latest attempt schedules the next (day 3, day 7) or gives up, and
 * the family is told by notification and mail.
 */
export async function applyBillingPaymentEvent(
  ctx: BillingContext,
  event: BillingPaymentEvent,
): Promise<void> {
  await applyOutcome(ctx, event);
}

/** An outcome of the provider's; a decline answered without an intent has none to keep. */
type Outcome = Omit<BillingPaymentEvent, 'eventId' | 'intentId'> & { intentId: string | null };

async function applyOutcome(ctx: BillingContext, event: Outcome): Promise<void> {
  const at = ctx.now();
  const declined = await ctx.db.transaction(async (tx) => {
    const row = await lockBillingPayment(tx, event.billingPaymentId);
    if (!row || row.status === 'succeeded') return null;
    if (event.type === 'succeeded') {
      await updateBillingPayment(tx, row.id, {
        status: 'succeeded',
        intentId: event.intentId ?? row.intentId,
        nextAttemptAt: null,
        lastError: null,
        updatedAt: at,
      });
      await recordEntries(tx, [
        {
          owner: { userId: row.userId, guestCustomerId: null },
          kind: 'payment',
          amount: -row.amount,
          currency: row.currency,
          method: 'card',
          description: row.kind === 'autopay' ? `Autopay · ${row.period}` : 'Balance payment',
          billingPeriod: row.period,
          at,
        },
      ]);
      await mailReceipt(ctx, tx, row, at);
      return null;
    }
    // A decline of an attempt that is not the latest, or of one already settled, changes nothing.
    if (row.status !== 'pending' || (row.intentId !== null && row.intentId !== event.intentId)) {
      return null;
    }
    if (row.kind === 'balance') {
      await updateBillingPayment(tx, row.id, { lastError: event.message, updatedAt: at });
      return null;
    }
    const retryAt = nextRetryAt(row.firstAttemptAt ?? at, row.attempts);
    await updateBillingPayment(tx, row.id, {
      status: retryAt ? 'retry' : 'failed',
      intentId: event.intentId,
      nextAttemptAt: retryAt,
      lastError: event.message,
      updatedAt: at,
    });
    await mailDecline(ctx, tx, row, retryAt);
    return { row, retryAt };
  });
  if (event.type === 'succeeded' || declined) ctx.mailer.wake();
  if (declined) {
    await tellDecline(ctx, declined.row, declined.retryAt);
  }
}

async function cardLabel(db: Db, row: BillingPaymentRow): Promise<string> {
  const card =
    row.paymentMethodId === null ? undefined : await paymentMethodById(db, row.paymentMethodId);
  return card ? `${card.brand} •••• ${card.last4}` : 'card';
}

/**
 * Queues a family mail about a billing payment, in the family's language, in the transaction that
 * changed the payment. Both templates are family templates: second guardians get copies
 * (decision 071).
 */
async function mailFamilyOf<N extends 'billing_payment_received' | 'autopay_declined'>(
  ctx: BillingContext,
  tx: Db,
  row: BillingPaymentRow,
  template: N,
  params: (name: string) => MailTemplates[N],
): Promise<void> {
  const family = (await peopleByIds(tx, [row.userId])).get(row.userId);
  if (!family) return;
  await ctx.mailer.queue(tx, {
    to: family.email,
    locale: (family.locale ?? 'en') as Language,
    template,
    params: params(family.name),
  });
}

/** The family's receipt of a billing payment that went through. */
async function mailReceipt(
  ctx: BillingContext,
  tx: Db,
  row: BillingPaymentRow,
  paidAt: Date,
): Promise<void> {
  const card = row.paymentMethodId === null ? null : await cardLabel(tx, row);
  await mailFamilyOf(ctx, tx, row, 'billing_payment_received', (name) => ({
    name,
    period: row.kind === 'autopay' ? row.period : null,
    amount: row.amount,
    currency: row.currency,
    card,
    paidAt,
    timeZone: ctx.zone,
    reference: row.id,
  }));
}

async function mailDecline(
  ctx: BillingContext,
  tx: Db,
  row: BillingPaymentRow,
  retryAt: Date | null,
): Promise<void> {
  const card = await cardLabel(tx, row);
  await mailFamilyOf(ctx, tx, row, 'autopay_declined', (name) => ({
    name,
    period: row.period ?? '',
    amount: row.amount,
    currency: row.currency,
    card,
    retryAt,
  }));
}

async function tellDecline(
  ctx: BillingContext,
  row: BillingPaymentRow,
  retryAt: Date | null,
): Promise<void> {
  const family = (await peopleByIds(ctx.db, [row.userId])).get(row.userId);
  const ja = family?.locale === 'ja';
  const money = new Intl.NumberFormat(ja ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency: row.currency,
  }).format(row.amount / 100);
  try {
    await ctx.notify({
      recipientId: row.userId,
      title: ja
        ? `${row.period} の月謝のカード決済ができませんでした`
        : `Your card was declined for ${row.period} tuition`,
      content: ja
        ? retryAt
          ? `${money} の決済を後日もう一度試みます。注文ページから残高を支払うこともできます。`
          : `${money} は未払い残高になりました。注文ページからお支払いください。`
        : retryAt
          ? `We will try ${money} again soon. You can also pay the balance on your orders page.`
          : `${money} is now your balance due. Please pay it on your orders page.`,
      record: { type: 'billing_payments', id: row.id },
    });
  } catch (err) {
    ctx.log.warn({ err, paymentId: row.id }, 'autopay declined but the family was not notified');
  }
}
