import { ORDERS_API, parseDocument, type Receipt, receiptSchema } from '@atelier/contract';
import { api, reportLoadFailure } from '../../lib/api';

/**
 * A bought order's receipt (docs/product.md#receipts): the school, how it was paid and what
 * went back, the same lines as its PDF. Fetched when the receipt is opened.
 */
export const receiptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v2/orders/{id}/receipt. */
    orderReceipt: build.query<Receipt, string>({
      query: (id) => ORDERS_API.orderReceipt(id),
      transformResponse: (raw: unknown) => parseDocument(receiptSchema, raw),
      providesTags: (_result, _error, id) => [{ type: 'Order' as const, id }],
      onQueryStarted: reportLoadFailure,
    }),
  }),
});

export const { useOrderReceiptQuery } = receiptsApi;
