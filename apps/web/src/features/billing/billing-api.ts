import {
  type BalancePaymentDocument,
  BILLING_API,
  type BillingRunBody,
  type BillingRunDocument,
  balanceDocumentSchema,
  balancePaymentDocumentSchema,
  billingRunDocumentSchema,
  type FakePaymentConfirmBody,
  type FakePaymentConfirmResult,
  fakePaymentConfirmResultSchema,
  type MonthlyEnrollment,
  monthlyEnrollmentListDocumentSchema,
  type PaymentMethod,
  type PaymentMethodPostResult,
  paymentMethodListDocumentSchema,
  paymentMethodPostResultSchema,
} from '@atelier/contract';
import { api, reportLoadFailure } from '../../lib/api';

const CARDS = { type: 'Billing' as const, id: 'CARDS' };
const MONTHLY = { type: 'Billing' as const, id: 'MONTHLY' };
const BALANCE = { type: 'Billing' as const, id: 'BALANCE' };

/**
 * Saved cards, monthly enrollments, the balance due and billing runs
 * (docs/decisions/075-monthly-tuition-and-billing-runs.md).
 */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentMethods: build.query<PaymentMethod[], void>({
      query: () => BILLING_API.paymentMethods,
      transformResponse: (raw: unknown) => paymentMethodListDocumentSchema.parse(raw).data,
      providesTags: [CARDS],
      onQueryStarted: reportLoadFailure,
    }),
    /** {} starts a setup; {setup_intent_id} stores the card it saved. */
    savePaymentMethod: build.mutation<PaymentMethodPostResult, { setup_intent_id?: string }>({
      query: (body) => ({ url: BILLING_API.paymentMethods, method: 'POST', data: body }),
      transformResponse: (raw: unknown) => paymentMethodPostResultSchema.parse(raw),
      invalidatesTags: (result, error) =>
        !error && result && 'data' in result ? [CARDS, MONTHLY] : [],
    }),
    removePaymentMethod: build.mutation<unknown, string>({
      query: (id) => ({ url: BILLING_API.paymentMethod(id), method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [CARDS, MONTHLY]),
    }),
    /** The fake provider's stand-in for Stripe.js confirming a card setup. */
    confirmFakeSetup: build.mutation<
      FakePaymentConfirmResult,
      { setupIntentId: string; body: FakePaymentConfirmBody }
    >({
      query: ({ setupIntentId, body }) => ({
        url: BILLING_API.fakeSetupConfirm(setupIntentId),
        method: 'POST',
        data: body,
      }),
      transformResponse: (raw: unknown) => fakePaymentConfirmResultSchema.parse(raw),
    }),
    monthlyEnrollments: build.query<MonthlyEnrollment[], void>({
      query: () => BILLING_API.monthlyEnrollments,
      transformResponse: (raw: unknown) => monthlyEnrollmentListDocumentSchema.parse(raw).data,
      providesTags: [MONTHLY],
      onQueryStarted: reportLoadFailure,
    }),
    endMonthlyEnrollment: build.mutation<unknown, string>({
      query: (id) => ({ url: BILLING_API.monthlyEnrollment(id), method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [MONTHLY]),
    }),
    balanceDue: build.query<{ due: number; currency: string }, void>({
      query: () => BILLING_API.balance,
      transformResponse: (raw: unknown) => balanceDocumentSchema.parse(raw).data,
      providesTags: [BALANCE],
    }),
    payBalance: build.mutation<BalancePaymentDocument['data'], void>({
      query: () => ({ url: BILLING_API.balance, method: 'POST' }),
      transformResponse: (raw: unknown) => balancePaymentDocumentSchema.parse(raw).data,
    }),
    runBilling: build.mutation<BillingRunDocument['data'], BillingRunBody>({
      query: (body) => ({ url: BILLING_API.adminBillingRuns, method: 'POST', data: body }),
      transformResponse: (raw: unknown) => billingRunDocumentSchema.parse(raw).data,
    }),
  }),
});

export const {
  usePaymentMethodsQuery,
  useSavePaymentMethodMutation,
  useRemovePaymentMethodMutation,
  useConfirmFakeSetupMutation,
  useMonthlyEnrollmentsQuery,
  useEndMonthlyEnrollmentMutation,
  useBalanceDueQuery,
  usePayBalanceMutation,
  useRunBillingMutation,
} = billingApi;

/** Forgets the balance due (a payment was made), so it is asked again. */
export const balanceChanged = () => billingApi.util.invalidateTags([BALANCE]);
