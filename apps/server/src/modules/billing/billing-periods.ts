import { DateTime } from 'luxon';
import { localDate } from '../../lib/local-date';

// Billing periods and prorating (docs/decisions/075-monthly-tuition-and-billing-runs.md). Pure:
// the clock and the sessions come in as arguments. A period is a calendar month of the school's
// time zone, `YYYY-MM`; periods order as text.

/** The period `at` falls in, in `zone`. */
export function periodOf(at: Date, zone: string): string {
  return localDate(at, zone).slice(0, 7);
}

/** The first instant of the period and the first of the next one, in `zone`. */
export function periodBounds(period: string, zone: string): { from: Date; to: Date } {
  const [year, month] = period.split('-').map(Number);
  const start = DateTime.fromObject({ year, month, day: 1 }, { zone });
  if (!start.isValid) throw new RangeError(`not a billing period: ${period}`);
  return { from: start.toJSDate(), to: start.plus({ months: 1 }).toJSDate() };
}

/** The period after `period`. */
export function nextPeriod(period: string): string {
  const [year = 0, month = 1] = period.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** The later of two periods. */
export const laterPeriod = (a: string, b: string) => (a > b ? a : b);

/**
 * A month's charge: the full price times the sessions billed over the sessions in the month,
 * rounded half up once, in whole cents. A month with no session costs nothing; billed sessions
 * never exceed the month's, so the charge is never above the price.
 */
export function proratedAmount(price: number, sessionsInMonth: number, sessionsBilled: number) {
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`bad price ${price}`);
  if (sessionsInMonth <= 0 || sessionsBilled <= 0) return 0;
  const billed = Math.min(sessionsBilled, sessionsInMonth);
  const num = BigInt(price) * BigInt(billed) * 2n + BigInt(sessionsInMonth);
  return Number(num / (2n * BigInt(sessionsInMonth)));
}

/**
 * What a month of a monthly enrollment costs: its sessions in the period, those starting at or
 * after `from` (the enrollment's start: a late start pays the sessions ahead).
 */
export function monthCharge(
  price: number,
  sessionStarts: readonly Date[],
  from: Date,
): { amount: number; sessionsInMonth: number; sessionsBilled: number } {
  const sessionsInMonth = sessionStarts.length;
  const sessionsBilled = sessionStarts.filter((s) => s.getTime() >= from.getTime()).length;
  return {
    amount: proratedAmount(price, sessionsInMonth, sessionsBilled),
    sessionsInMonth,
    sessionsBilled,
  };
}

/**
 * The last period a family's ending takes effect after: the month in which the notice given now
 * runs out (notice 0: the current month is the last one billed).
 */
export function lastPeriodOnEnding(now: Date, zone: string, noticeDays: number): string {
  return periodOf(new Date(now.getTime() + noticeDays * 86_400_000), zone);
}

/** Days after the first autopay attempt that a declined charge is tried again: day 3 and day 7. */
export const AUTOPAY_RETRY_OFFSETS_DAYS = [2, 6] as const;

/** When a declined attempt number `attempt` (1-based) is retried, or null after the last. */
export function nextRetryAt(firstAttemptAt: Date, attempt: number): Date | null {
  const offset = AUTOPAY_RETRY_OFFSETS_DAYS[attempt - 1];
  return offset === undefined ? null : new Date(firstAttemptAt.getTime() + offset * 86_400_000);
}
