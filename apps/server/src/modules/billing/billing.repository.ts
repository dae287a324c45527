import { and, asc, desc, eq, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  billingCharges,
  billingPayments,
  monthlyEnrollments,
  paymentCustomers,
  paymentMethods,
} from './billing.tables';

// The billing module's tables (docs/decisions/075-monthly-tuition-and-billing-runs.md).

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type MonthlyEnrollmentRow = typeof monthlyEnrollments.$inferSelect;
export type NewMonthlyEnrollmentRow = typeof monthlyEnrollments.$inferInsert;
export type BillingChargeRow = typeof billingCharges.$inferSelect;
export type NewBillingChargeRow = typeof billingCharges.$inferInsert;
export type BillingPaymentRow = typeof billingPayments.$inferSelect;

// Saved cards

export async function customerOfFamily(
  db: Db,
  userId: number,
): Promise<{ provider: string; customerId: string } | undefined> {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  return row;
}

/** Keeps the family's customer; the first one stored stays (a concurrent second is dropped). */
export async function storeCustomer(
  db: Db,
  values: { userId: number; provider: 'stripe' | 'fake'; customerId: string },
): Promise<void> {
  await db.insert(paymentCustomers).values(values).onConflictDoNothing();
}

export function paymentMethodsOf(db: Db, userId: number): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.id));
}

export async function paymentMethodById(db: Db, id: number): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

export async function paymentMethodsByIds(
  db: Db,
  ids: number[],
): Promise<Map<number, PaymentMethodRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(paymentMethods).where(inArray(paymentMethods.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Serialises one family's card changes (one default at a time). */
export async function lockFamilyCards(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('billing.cards'), ${userId}::int)`);
}

/** Stores a saved card; the same provider card saved again answers the stored row. */
export async function insertPaymentMethod(
  db: Db,
  values: typeof paymentMethods.$inferInsert,
): Promise<PaymentMethodRow> {
  await db
    .insert(paymentMethods)
    .values(values)
    .onConflictDoNothing({ target: [paymentMethods.provider, paymentMethods.providerMethodId] });
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.provider, values.provider),
        eq(paymentMethods.providerMethodId, values.providerMethodId),
      ),
    );
  if (!row) throw new Error('saved card vanished after insert');
  return row;
}

export async function clearDefaultCard(db: Db, userId: number): Promise<void> {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
}

export async function setDefaultCard(db: Db, id: number): Promise<void> {
  await db.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
}

export async function deletePaymentMethod(db: Db, id: number): Promise<void> {
  await db.delete(paymentMethods).where(eq(paymentMethods.id, id));
}

// Monthly enrollments

export async function insertMonthlyEnrollments(
  db: Db,
  rows: NewMonthlyEnrollmentRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(monthlyEnrollments)
    .values(rows)
    .onConflictDoNothing({
      target: [monthlyEnrollments.orderItemId, monthlyEnrollments.attendeeProfileId],
    });
}

export function monthlyEnrollmentsOf(db: Db, userId: number): Promise<MonthlyEnrollmentRow[]> {
  return db
    .select()
    .from(monthlyEnrollments)
    .where(eq(monthlyEnrollments.userId, userId))
    .orderBy(asc(monthlyEnrollments.id));
}

export async function monthlyEnrollmentById(
  db: Db,
  id: number,
): Promise<MonthlyEnrollmentRow | undefined> {
  const [row] = await db.select().from(monthlyEnrollments).where(eq(monthlyEnrollments.id, id));
  return row;
}

export async function updateMonthlyEnrollment(
  db: Db,
  id: number,
  values: Partial<Pick<MonthlyEnrollmentRow, 'lastPeriod' | 'endedAt' | 'paymentMethodId'>>,
): Promise<void> {
  await db.update(monthlyEnrollments).set(values).where(eq(monthlyEnrollments.id, id));
}

/**
 * Monthly enrollments a run of `period` may bill: begun before it, not ended before it, within
 * their schedule's run, and not billed for it yet.
 */
export function enrollmentsDue(db: Db, period: string): Promise<MonthlyEnrollmentRow[]> {
  return db
    .select()
    .from(monthlyEnrollments)
    .where(
      and(
        sql`${monthlyEnrollments.firstPeriod} < ${period}`,
        sql`substr(${monthlyEnrollments.endDate}, 1, 7) >= ${period}`,
        or(
          isNull(monthlyEnrollments.lastPeriod),
          sql`${monthlyEnrollments.lastPeriod} >= ${period}`,
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(billingCharges)
            .where(
              and(
                eq(billingCharges.monthlyEnrollmentId, monthlyEnrollments.id),
                eq(billingCharges.period, period),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(monthlyEnrollments.userId), asc(monthlyEnrollments.id));
}

/** Serialises the runs of one period across processes (the unique index is the last guard). */
export async function lockPeriod(db: Db, period: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('billing.run'), hashtext(${period}))`);
}

/** Writes the month's charges; answers those written now (a charge already there is skipped). */
export async function insertCharges(
  db: Db,
  rows: NewBillingChargeRow[],
): Promise<BillingChargeRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(billingCharges)
    .values(rows)
    .onConflictDoNothing({ target: [billingCharges.monthlyEnrollmentId, billingCharges.period] })
    .returning();
}

/** The latest billed period of each of these monthly enrollments. */
export async function lastBilledPeriods(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: billingCharges.monthlyEnrollmentId,
      period: sql<string>`max(${billingCharges.period})`,
    })
    .from(billingCharges)
    .where(inArray(billingCharges.monthlyEnrollmentId, ids))
    .groupBy(billingCharges.monthlyEnrollmentId);
  return new Map(rows.map((r) => [r.id, r.period]));
}

// Billing payments

export async function insertBillingPayment(
  db: Db,
  values: typeof billingPayments.$inferInsert,
): Promise<BillingPaymentRow> {
  const [row] = await db.insert(billingPayments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Serialises one family's "Pay balance" until the transaction ends, whatever the process: each
 * request sees the pending balance payment the one before made, so racing requests answer one
 * payment and one intent (docs/architecture.md#monthly-tuition).
 */
export async function lockFamilyBalance(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('billing.balance'), ${userId}::int)`);
}

/**
 * Writes the family's pending balance payment; one already there (the unique partial index
 * `billing_payments_one_pending_balance`, the last guard behind the lock) is answered instead.
 */
export async function insertPendingBalancePayment(
  db: Db,
  values: Omit<typeof billingPayments.$inferInsert, 'kind' | 'status'>,
): Promise<BillingPaymentRow> {
  const [row] = await db
    .insert(billingPayments)
    .values({ ...values, kind: 'balance', status: 'pending' })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const pending = await pendingBalancePayment(db, values.userId);
  if (!pending) throw new Error('pending balance payment vanished after insert');
  return pending;
}

export async function lockBillingPayment(
  db: Db,
  id: number,
): Promise<BillingPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(billingPayments)
    .where(eq(billingPayments.id, id))
    .for('update');
  return row;
}

export async function billingPaymentById(
  db: Db,
  id: number,
): Promise<BillingPaymentRow | undefined> {
  const [row] = await db.select().from(billingPayments).where(eq(billingPayments.id, id));
  return row;
}

export async function updateBillingPayment(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      BillingPaymentRow,
      | 'status'
      | 'intentId'
      | 'clientSecret'
      | 'nextAttemptAt'
      | 'lastError'
      | 'updatedAt'
      | 'attempts'
    >
  >,
): Promise<void> {
  await db.update(billingPayments).set(values).where(eq(billingPayments.id, id));
}

/**
 * How long a claimed autopay attempt may wait for its provider call before the sweep takes it
 * over: a claim still without an intent after this was made by a process that died (the call
 * itself answers within seconds). Well inside the provider's 24 hours of idempotency keys, so the
 * attempt taken over is deduplicated by the provider if the first call did reach it
 * (docs/architecture.md#monthly-tuition).
 */
export const STALE_CLAIM_MS = 15 * 60_000;

/**
 * A pending autopay attempt with no intent, claimed (or, never claimed, written by its run) before
 * `now` less the window: its `updatedAt` is the claim's time, as nothing else writes the row
 * until the provider's intent is stored.
 */
function staleClaim(now: Date) {
  return and(
    eq(billingPayments.status, 'pending'),
    isNull(billingPayments.intentId),
    lte(billingPayments.updatedAt, new Date(now.getTime() - STALE_CLAIM_MS)),
  );
}

/**
 * Claims an autopay attempt: a new payment's first, a retry that is due, or a stale claim taken
 * over. Only one process gets it (the update is conditional, and a claim restamps `updatedAt`);
 * answers the claimed row with its attempt counted. A stale claim keeps its attempt number, so
 * the call made again carries the same idempotency key.
 */
export async function claimAutopayAttempt(
  db: Db,
  id: number,
  now: Date,
): Promise<BillingPaymentRow | undefined> {
  const [row] = await db
    .update(billingPayments)
    .set({
      status: 'pending',
      attempts: sql`case when ${billingPayments.status} = 'pending' and ${billingPayments.attempts} > 0 then ${billingPayments.attempts} else ${billingPayments.attempts} + 1 end`,
      firstAttemptAt: sql`coalesce(${billingPayments.firstAttemptAt}, ${now.toISOString()}::timestamptz)`,
      nextAttemptAt: null,
      // The new attempt's intent is stored when the provider answers; an older one's is forgotten.
      intentId: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(billingPayments.id, id),
        eq(billingPayments.kind, 'autopay'),
        or(
          and(eq(billingPayments.status, 'pending'), eq(billingPayments.attempts, 0)),
          and(eq(billingPayments.status, 'retry'), lte(billingPayments.nextAttemptAt, now)),
          staleClaim(now),
        ),
      ),
    )
    .returning();
  return row;
}

/**
 * Gives a claimed attempt back when the provider could not be reached: tried again in an hour
 * under the same attempt number (the claim counts it again). Only while the claim is still this
 * one's: an attempt taken over meanwhile (its `updatedAt` restamped) or answered is left alone,
 * or a charge made by the taker could be tried again under a new key.
 */
export async function giveBackAutopayAttempt(
  db: Db,
  claimed: BillingPaymentRow,
  now: Date,
): Promise<void> {
  await db
    .update(billingPayments)
    .set({
      status: 'retry',
      attempts: claimed.attempts - 1,
      nextAttemptAt: new Date(now.getTime() + 60 * 60_000),
      updatedAt: now,
    })
    .where(
      and(
        eq(billingPayments.id, claimed.id),
        eq(billingPayments.status, 'pending'),
        isNull(billingPayments.intentId),
        eq(billingPayments.updatedAt, claimed.updatedAt),
      ),
    );
}

/**
 * Autopay retries due by `now`, and attempts whose process died before the provider answered
 * (claimed, or written by a run, and left without an intent past the window).
 */
export async function retriesDue(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: billingPayments.id })
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.kind, 'autopay'),
        or(
          and(eq(billingPayments.status, 'retry'), lte(billingPayments.nextAttemptAt, now)),
          staleClaim(now),
        ),
      ),
    )
    .orderBy(asc(billingPayments.id))
    .limit(200);
  return rows.map((r) => r.id);
}

/** Cents of the family's autopay payments still under way (pending or to be retried). */
export async function autopayUnderWay(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${billingPayments.amount}), 0)` })
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.userId, userId),
        eq(billingPayments.kind, 'autopay'),
        inArray(billingPayments.status, ['pending', 'retry']),
        gt(billingPayments.amount, 0),
      ),
    );
  return Number(row?.sum ?? 0);
}

/** The family's balance payment awaiting the card, if any. */
export async function pendingBalancePayment(
  db: Db,
  userId: number,
): Promise<BillingPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.userId, userId),
        eq(billingPayments.kind, 'balance'),
        eq(billingPayments.status, 'pending'),
      ),
    )
    .orderBy(desc(billingPayments.id))
    .limit(1);
  return row;
}

/** The autopay payments of these charges, by charge id. */
export async function paymentsOfCharges(
  db: Db,
  chargeIds: number[],
): Promise<Map<number, BillingPaymentRow>> {
  if (chargeIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(billingPayments)
    .where(inArray(billingPayments.chargeId, chargeIds));
  return new Map(rows.flatMap((r) => (r.chargeId === null ? [] : [[r.chargeId, r]])));
}

export async function chargeById(db: Db, id: number): Promise<BillingChargeRow | undefined> {
  const [row] = await db.select().from(billingCharges).where(eq(billingCharges.id, id));
  return row;
}

/**
 * A deleting family (docs/decisions/072-a-familys-data-is-theirs.md): its monthly enrollments stop
 * (no month after `lastPeriod` is billed) and forget the child's name; its saved cards and its
 * customer at the provider go. Charges and payments stay for the school's accounts.
 */
export async function eraseBillingRowsOf(
  tx: Db,
  userId: number,
  label: string,
  lastPeriod: string,
): Promise<string[]> {
  await tx
    .update(monthlyEnrollments)
    .set({
      childName: label,
      paymentMethodId: null,
      lastPeriod: sql`coalesce(least(${monthlyEnrollments.lastPeriod}, ${lastPeriod}), ${lastPeriod})`,
    })
    .where(eq(monthlyEnrollments.userId, userId));
  const cards = await tx
    .delete(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .returning({ id: paymentMethods.providerMethodId });
  await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  return cards.map((c) => c.id);
}
