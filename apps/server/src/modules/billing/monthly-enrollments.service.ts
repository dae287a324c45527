import {
  DEFAULT_LANGUAGE,
  type Language,
  type MonthlyEnrollment,
  type MonthlyEnrollmentListDocument,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { nameInLanguage } from '../../lib/translated-content';
import { type ScheduleFacts, scheduleFactsByIds } from '../classes';
import type { BillingContext } from './billing.context';
import {
  eraseBillingRowsOf,
  insertMonthlyEnrollments as insertRows,
  lastBilledPeriods,
  type MonthlyEnrollmentRow,
  monthlyEnrollmentById,
  monthlyEnrollmentsOf,
  paymentMethodById,
  paymentMethodsByIds,
  paymentMethodsOf,
  updateMonthlyEnrollment,
} from './billing.repository';
import { lastPeriodOnEnding, laterPeriod, nextPeriod, periodOf } from './billing-periods';

// Monthly enrollments (docs/decisions/075-monthly-tuition-and-billing-runs.md): made when an order
// paying a month plan monthly is paid, billed by runs month by month, ended by the family.

/** One order item's attendees paid monthly, as checkout wrote them. */
export type MonthlyEnrollmentStart = {
  userId: number;
  orderItemId: number;
  scheduleId: number;
  attendees: { id: number; name: string }[];
  programme: string;
  scheduleName: string;
  monthlyPrice: number;
  currency: string;
  timeZone: string;
  startDate: string;
  endDate: string;
  /** The month the order paid. */
  firstPeriod: string;
  /** Charge the family's default card each month. */
  autopay: boolean;
};

/**
 * Writes the monthly enrollments of a paid order item, in the transaction that pays it (the
 * orders module calls this): one per attendee, autopay with the family's default card when
 * chosen. Idempotent: a second call for the same item changes nothing.
 */
export async function startMonthlyEnrollments(
  tx: Db,
  starts: MonthlyEnrollmentStart[],
): Promise<void> {
  for (const start of starts) {
    const card = start.autopay
      ? (await paymentMethodsOf(tx, start.userId)).find((c) => c.isDefault)
      : undefined;
    await insertRows(
      tx,
      start.attendees.map((a) => ({
        userId: start.userId,
        orderItemId: start.orderItemId,
        attendeeProfileId: a.id,
        scheduleId: start.scheduleId,
        childName: a.name,
        programme: start.programme,
        scheduleName: start.scheduleName,
        monthlyPrice: start.monthlyPrice,
        currency: start.currency,
        timeZone: start.timeZone,
        startDate: start.startDate,
        endDate: start.endDate,
        firstPeriod: start.firstPeriod,
        paymentMethodId: card?.id ?? null,
      })),
    );
  }
}

/** The last month a monthly enrollment is billed: its schedule's last, or the family's ending. */
export function lastBillablePeriod(row: MonthlyEnrollmentRow): string {
  const scheduleEnd = row.endDate.slice(0, 7);
  return row.lastPeriod !== null && row.lastPeriod < scheduleEnd ? row.lastPeriod : scheduleEnd;
}

function statusOf(row: MonthlyEnrollmentRow, current: string): MonthlyEnrollment['status'] {
  if (lastBillablePeriod(row) < current) return 'ended';
  return row.lastPeriod !== null ? 'ending' : 'active';
}

/**
 * The family's monthly enrollments, the programme and schedule named in `language`: the names
 * were copied in English at checkout (the charges are written with them), so another language
 * reads the schedule's translation now, and the copy where none is written
 * (docs/architecture.md#translated-content).
 */
export async function listMonthlyEnrollments(
  ctx: BillingContext,
  familyId: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<MonthlyEnrollmentListDocument> {
  const rows = await monthlyEnrollmentsOf(ctx.db, familyId);
  const schedules =
    language === DEFAULT_LANGUAGE
      ? new Map<number, ScheduleFacts>()
      : await scheduleFactsByIds(ctx.db, [...new Set(rows.map((r) => r.scheduleId))]);
  const billed = await lastBilledPeriods(
    ctx.db,
    rows.map((r) => r.id),
  );
  const cards = await paymentMethodsByIds(ctx.db, [
    ...new Set(rows.flatMap((r) => (r.paymentMethodId === null ? [] : [r.paymentMethodId]))),
  ]);
  const current = periodOf(ctx.now(), ctx.zone);
  return {
    data: rows.map((row) => {
      const card = row.paymentMethodId === null ? undefined : cards.get(row.paymentMethodId);
      // The month after the last one billed, or the current one while its run has not reached it.
      const next = laterPeriod(nextPeriod(billed.get(row.id) ?? row.firstPeriod), current);
      return {
        id: String(row.id),
        child_name: row.childName,
        programme: nameInLanguage(
          row.programme,
          schedules.get(row.scheduleId)?.klassGroup.translations ?? {},
          language,
        ),
        schedule_name: nameInLanguage(
          row.scheduleName,
          schedules.get(row.scheduleId)?.translations ?? {},
          language,
        ),
        monthly_price: row.monthlyPrice,
        currency: row.currency,
        status: statusOf(row, current),
        last_period: lastBillablePeriod(row),
        payment_method: card ? { id: String(card.id), brand: card.brand, last4: card.last4 } : null,
        next_charge:
          next <= lastBillablePeriod(row) ? { period: next, amount: row.monthlyPrice } : null,
      };
    }),
  };
}

async function ownEnrollment(ctx: BillingContext, familyId: number, id: number) {
  const row = await monthlyEnrollmentById(ctx.db, id);
  if (!row || row.userId !== familyId) throw notFound('Monthly enrollment');
  return row;
}

/**
 * The family ends a monthly enrollment: effective at the end of the month in which the school's
 * notice (MONTHLY_NOTICE_DAYS) runs out, and never before a month already billed. Ending again
 * keeps the first ending.
 */
export async function endMonthlyEnrollment(
  ctx: BillingContext,
  familyId: number,
  id: number,
): Promise<void> {
  const row = await ownEnrollment(ctx, familyId, id);
  if (row.lastPeriod !== null) return;
  const billed = (await lastBilledPeriods(ctx.db, [row.id])).get(row.id) ?? row.firstPeriod;
  const last = laterPeriod(lastPeriodOnEnding(ctx.now(), ctx.zone, ctx.noticeDays), billed);
  await updateMonthlyEnrollment(ctx.db, row.id, { lastPeriod: last, endedAt: ctx.now() });
}

/** Changes the autopay card (one of the family's), or turns autopay off with null. */
export async function setAutopayCard(
  ctx: BillingContext,
  familyId: number,
  id: number,
  paymentMethodId: number | null,
): Promise<void> {
  const row = await ownEnrollment(ctx, familyId, id);
  if (paymentMethodId !== null) {
    const card = await paymentMethodById(ctx.db, paymentMethodId);
    if (!card || card.userId !== familyId) throw notFound('Saved card');
  }
  await updateMonthlyEnrollment(ctx.db, row.id, { paymentMethodId });
}

/** The family's default saved card id (what autopay chosen at checkout charges), or null. */
export async function defaultCardOf(db: Db, familyId: number): Promise<number | null> {
  return (await paymentMethodsOf(db, familyId)).find((c) => c.isDefault)?.id ?? null;
}

/**
 * A deleting family's billing, in the erasure's transaction: no month after the current one is
 * billed, the child's name goes, and the saved cards are forgotten (decision 072).
 */
export async function eraseBillingOf(
  tx: Db,
  userId: number,
  label: string,
  now: Date,
  zone = 'America/New_York',
): Promise<void> {
  await eraseBillingRowsOf(tx, userId, label, periodOf(now, zone));
}
