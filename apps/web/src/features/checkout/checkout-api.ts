import {
  type FakePaymentConfirmBody,
  type FakePaymentConfirmResult,
  fakePaymentConfirmResultSchema,
  ORDERS_API,
} from '@atelier/contract';
import { api } from '../../lib/api';

/** What the fake card form sends: the card typed, and the intent's secret proving it is ours. */
export type FakePaymentConfirmArgs = {
  intentId: string;
  body: FakePaymentConfirmBody;
};

/**
 * The intent id inside a client secret. Stripe's secrets read `{intent id}_secret_{random}` and
 * the fake provider follows it, so the order's `payment` need not carry the id separately.
 */
export function intentIdOf(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at === -1 ? clientSecret : clientSecret.slice(0, at);
}

/** The fake payment provider's stand-in for Stripe.js (docs/product.md#checkout-and-orders). */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/v2/fake_payments/{intent_id}/confirm: `succeeded`, or a decline to show. */
    confirmFakePayment: build.mutation<FakePaymentConfirmResult, FakePaymentConfirmArgs>({
      query: ({ intentId, body }) => ({
        url: ORDERS_API.fakePaymentConfirm(intentId),
        method: 'POST',
        data: body,
      }),
      transformResponse: (raw: unknown) => fakePaymentConfirmResultSchema.parse(raw),
    }),
  }),
});

export const { useConfirmFakePaymentMutation } = checkoutApi;
