import type {
  PaymentMethod,
  PaymentMethodListDocument,
  PaymentMethodPostResult,
} from '@atelier/contract';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import type { BillingContext } from './billing.context';
import {
  clearDefaultCard,
  customerOfFamily,
  deletePaymentMethod,
  insertPaymentMethod,
  lockFamilyCards,
  type PaymentMethodRow,
  paymentMethodById,
  paymentMethodsOf,
  setDefaultCard,
  storeCustomer,
} from './billing.repository';

// A family's saved cards (docs/decisions/075-monthly-tuition-and-billing-runs.md): saved through
// the provider's setup intent, the card number never reaching this server; the family is the
// account holder (second guardians share its cards, decision 071).

export function paymentMethodOf(row: PaymentMethodRow): PaymentMethod {
  return {
    id: String(row.id),
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}

function providerOf(ctx: BillingContext) {
  if (!ctx.payments) {
    throw new AppError('unavailable', 'Saved cards are not available with this payment setup');
  }
  return ctx.payments;
}

export async function listPaymentMethods(
  ctx: BillingContext,
  familyId: number,
): Promise<PaymentMethodListDocument> {
  return { data: (await paymentMethodsOf(ctx.db, familyId)).map(paymentMethodOf) };
}

/**
 * POST without a setup intent: a new setup intent for the family's customer (made with the first
 * card). POST with one: the card it saved, stored for the family; the first card, or one asked
 * to be, becomes the default autopay charges.
 */
export async function savePaymentMethod(
  ctx: BillingContext,
  familyId: number,
  body: { setup_intent_id?: string | undefined; default?: boolean | undefined },
): Promise<PaymentMethodPostResult> {
  const payments = providerOf(ctx);
  const customer = await customerOfFamily(ctx.db, familyId);
  if (!body.setup_intent_id) {
    const setup = await payments.createSetupIntent({
      familyId,
      customerId: customer?.customerId ?? null,
    });
    if (!customer) {
      await storeCustomer(ctx.db, {
        userId: familyId,
        provider: ctx.provider,
        customerId: setup.customerId,
      });
    }
    return {
      setup: {
        provider: ctx.provider,
        setup_intent_id: setup.setupIntentId,
        client_secret: setup.clientSecret,
        publishable_key: payments.publishableKey,
      },
    };
  }
  const card = await payments.setupIntentCard(body.setup_intent_id);
  // Another family's setup intent is as unknown as none at all.
  if (card && customer && card.customerId !== customer.customerId) throw notFound('Setup intent');
  if (!card || !customer) {
    throw new ValidationError([
      {
        field: 'setup_intent_id',
        detail: 'The card has not been saved: confirm it in the form first',
      },
    ]);
  }
  const row = await ctx.db.transaction(async (tx) => {
    await lockFamilyCards(tx, familyId);
    const existing = await paymentMethodsOf(tx, familyId);
    const saved = await insertPaymentMethod(tx, {
      userId: familyId,
      provider: ctx.provider,
      providerMethodId: card.paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    });
    if (body.default === true || !existing.some((c) => c.isDefault)) {
      await clearDefaultCard(tx, familyId);
      await setDefaultCard(tx, saved.id);
    }
    return (await paymentMethodById(tx, saved.id)) ?? saved;
  });
  return { data: paymentMethodOf(row) };
}

/**
 * Removes a saved card: its monthly enrollments stop paying by autopay (their months go on the
 * balance); the oldest other card becomes the default.
 */
export async function removePaymentMethod(
  ctx: BillingContext,
  familyId: number,
  id: number,
): Promise<void> {
  const row = await paymentMethodById(ctx.db, id);
  if (!row || row.userId !== familyId) throw notFound('Saved card');
  await ctx.db.transaction(async (tx) => {
    await lockFamilyCards(tx, familyId);
    await deletePaymentMethod(tx, id);
    if (row.isDefault) {
      const [next] = await paymentMethodsOf(tx, familyId);
      if (next) await setDefaultCard(tx, next.id);
    }
  });
  try {
    await ctx.payments?.detachPaymentMethod(row.providerMethodId);
  } catch (err) {
    // Removed here is what matters: nothing of ours charges it again.
    ctx.log.warn({ err, id }, 'the removed card could not be detached at the provider');
  }
}
