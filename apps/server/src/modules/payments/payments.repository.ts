import { and, asc, eq, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fakePaymentIntents, fakeSetupIntents, paymentEvents, payments } from './payments.tables';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
export type FakeIntentRow = typeof fakePaymentIntents.$inferSelect;

export async function paymentRowOfOrder(db: Db, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

/** The intent of the order's succeeded card payment; null when it was not paid by card. */
export async function succeededIntentOfOrder(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ intentId: payments.intentId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
  return row?.intentId ?? null;
}

/** Stores an order's payment unless it has one already (a concurrent checkout won); returns the stored one. */
export async function insertPaymentRow(db: Db, values: NewPaymentRow): Promise<PaymentRow> {
  await db.insert(payments).values(values).onConflictDoNothing({ target: payments.orderId });
  const row = await paymentRowOfOrder(db, values.orderId);
  if (!row) throw new Error('payment row vanished after insert');
  return row;
}

/** A card attempt succeeded: final, whatever arrives later. */
export async function markPaymentSucceeded(
  db: Db,
  id: number,
  card: { brand: string; last4: string } | null = null,
): Promise<void> {
  await db
    .update(payments)
    .set({
      status: 'succeeded',
      lastError: null,
      updatedAt: new Date(),
      ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
    })
    .where(eq(payments.id, id));
}

/** A card attempt failed; false when the payment had already succeeded (a late, stale event). */
export async function markPaymentFailed(
  db: Db,
  id: number,
  message: string | null,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'failed', lastError: message, updatedAt: new Date() })
    .where(and(eq(payments.id, id), ne(payments.status, 'succeeded')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Stores an event under its id; returns the stored row and whether this call stored it. A
 * redelivery finds the first delivery's row.
 */
export async function storeEvent(
  db: Db,
  values: typeof paymentEvents.$inferInsert,
): Promise<{ row: PaymentEventRow; inserted: boolean }> {
  const [inserted] = await db
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, inserted: true };
  const [row] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, values.id));
  if (!row) throw new Error('payment event vanished after insert');
  return { row, inserted: false };
}

export async function markEventApplied(db: Db, id: string): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ appliedAt: sql`now()` })
    .where(and(eq(paymentEvents.id, id), isNull(paymentEvents.appliedAt)));
}

export async function fakeIntentById(db: Db, id: string): Promise<FakeIntentRow | undefined> {
  const [row] = await db.select().from(fakePaymentIntents).where(eq(fakePaymentIntents.id, id));
  return row;
}

/** Stores a fake intent unless one has this idempotency key; returns the one stored under it. */
export async function insertFakeIntent(
  db: Db,
  values: typeof fakePaymentIntents.$inferInsert,
): Promise<FakeIntentRow> {
  await db
    .insert(fakePaymentIntents)
    .values(values)
    .onConflictDoNothing({ target: fakePaymentIntents.idempotencyKey });
  const [row] = await db
    .select()
    .from(fakePaymentIntents)
    .where(eq(fakePaymentIntents.idempotencyKey, values.idempotencyKey));
  if (!row) throw new Error('fake intent vanished after insert');
  return row;
}

/**
 * Marks a fake intent that awaits a card paid or canceled; false when it no longer awaited one
 * (paid or canceled already): of two racing, one moves it.
 */
export async function settleFakeIntent(
  db: Db,
  id: string,
  status: 'succeeded' | 'canceled',
): Promise<boolean> {
  const rows = await db
    .update(fakePaymentIntents)
    .set({ status })
    .where(
      and(eq(fakePaymentIntents.id, id), eq(fakePaymentIntents.status, 'requires_payment_method')),
    )
    .returning({ id: fakePaymentIntents.id });
  return rows.length > 0;
}

/** Events stored before `receivedBefore` and never applied (their application was cut short), oldest first. */
export async function unappliedEvents(db: Db, receivedBefore: Date): Promise<PaymentEventRow[]> {
  return db
    .select()
    .from(paymentEvents)
    .where(and(isNull(paymentEvents.appliedAt), lt(paymentEvents.receivedAt, receivedBefore)))
    .orderBy(asc(paymentEvents.receivedAt));
}

/** Fake intents that succeeded with no success event stored for them. */
export async function unannouncedFakeIntents(db: Db): Promise<FakeIntentRow[]> {
  return db
    .select()
    .from(fakePaymentIntents)
    .where(
      and(
        eq(fakePaymentIntents.status, 'succeeded'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(paymentEvents)
            .where(
              and(
                eq(paymentEvents.intentId, fakePaymentIntents.id),
                eq(paymentEvents.type, 'payment_intent.succeeded'),
              ),
            ),
        ),
      ),
    );
}

export type FakeSetupIntentRow = typeof fakeSetupIntents.$inferSelect;

export async function insertFakeSetupIntent(
  db: Db,
  values: typeof fakeSetupIntents.$inferInsert,
): Promise<FakeSetupIntentRow> {
  const [row] = await db.insert(fakeSetupIntents).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function fakeSetupIntentById(
  db: Db,
  id: string,
): Promise<FakeSetupIntentRow | undefined> {
  const [row] = await db.select().from(fakeSetupIntents).where(eq(fakeSetupIntents.id, id));
  return row;
}

export async function fakeSetupIntentOfMethod(
  db: Db,
  paymentMethodId: string,
): Promise<FakeSetupIntentRow | undefined> {
  const [row] = await db
    .select()
    .from(fakeSetupIntents)
    .where(eq(fakeSetupIntents.paymentMethodId, paymentMethodId));
  return row;
}

/** Saves the card on a setup intent awaiting one; false when it already has one. */
export async function markFakeSetupSucceeded(
  db: Db,
  id: string,
  card: Pick<
    FakeSetupIntentRow,
    'paymentMethodId' | 'cardNumber' | 'brand' | 'last4' | 'expMonth' | 'expYear'
  >,
): Promise<boolean> {
  const rows = await db
    .update(fakeSetupIntents)
    .set({ ...card, status: 'succeeded' })
    .where(and(eq(fakeSetupIntents.id, id), eq(fakeSetupIntents.status, 'requires_payment_method')))
    .returning({ id: fakeSetupIntents.id });
  return rows.length > 0;
}
