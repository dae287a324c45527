import {
  type HeldRefundDocument,
  heldRefundSchema,
  type OrderRefunds,
  orderRefundsSchema,
  parseDocument,
  REFUNDS_API,
  type RefundRequest,
  type RefundRequestBody,
  refundRequestSchema,
} from '@atelier/contract';
import { api } from '../../lib/api';

// A family's side of refunds (docs/architecture.md#refunds): an order's refund state, and asking
// for a refund. The admin side is order management's.

/** The order's refund state shares the order's tag family: a request or a refund changes both. */
const refundsTag = (orderId: string) => ({ type: 'Order' as const, id: `refunds-${orderId}` });

export const refundsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v2/orders/{id}/refunds: requests, refunds, what is refunded and what is left. */
    orderRefunds: build.query<OrderRefunds, string>({
      query: (orderId) => REFUNDS_API.orderRefunds(orderId),
      transformResponse: (raw: unknown) => parseDocument(orderRefundsSchema, raw),
      providesTags: (_result, _error, orderId) => [refundsTag(orderId)],
    }),
    /** POST /api/v2/orders/{id}/refund_requests {reason, attendee_profile_ids?}. */
    requestRefund: build.mutation<RefundRequest, { orderId: string } & RefundRequestBody>({
      query: ({ orderId, ...body }) => ({
        url: REFUNDS_API.orderRefundRequests(orderId),
        method: 'POST',
        data: body,
      }),
      transformResponse: (raw: unknown) => parseDocument(refundRequestSchema, raw),
      invalidatesTags: (_result, _error, { orderId }) => [
        refundsTag(orderId),
        { type: 'Order', id: orderId },
      ],
    }),
    /** GET: a late payment's held card refund, as its mailed link (signed token) shows it. */
    heldRefund: build.query<HeldRefundDocument['data']['attributes'], string>({
      query: (token) => ({ url: REFUNDS_API.keepAsCredit, params: { token } }),
      transformResponse: (raw: unknown) => heldRefundSchema.parse(raw).data.attributes,
      providesTags: (_result, _error, token) => [{ type: 'Refund', id: `held-${token}` }],
    }),
    /** POST {token}: keep it as account credit instead (409 once it went to the card). */
    keepAsCredit: build.mutation<HeldRefundDocument['data']['attributes'], string>({
      query: (token) => ({ url: REFUNDS_API.keepAsCredit, method: 'POST', data: { token } }),
      transformResponse: (raw: unknown) => heldRefundSchema.parse(raw).data.attributes,
      // The answer is the refund's new state: the page shows it without asking again.
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(refundsApi.util.upsertQueryData('heldRefund', token, data));
        } catch {
          // A refusal is the page's to show (its submit); nothing to put in the cache.
        }
      },
    }),
  }),
});

export const {
  useOrderRefundsQuery,
  useRequestRefundMutation,
  useHeldRefundQuery,
  useKeepAsCreditMutation,
} = refundsApi;
