import {
  SALES_API,
  type SalesInterval,
  type SalesOverview,
  salesOverviewDocumentSchema,
} from '@atelier/contract';
import { api, reportLoadFailure } from '../../lib/api';

/** Local dates in the school's zone, both ends included, and how to cut them. */
export type SalesArgs = { from: string; to: string; interval: SalesInterval };

/** The sales overview (docs/product.md#sales-overview): admins only. */
export const salesApi = api.injectEndpoints({
  endpoints: (build) => ({
    salesOverview: build.query<SalesOverview, SalesArgs>({
      query: (params) => ({ url: SALES_API.overview, params }),
      transformResponse: (raw: unknown) => salesOverviewDocumentSchema.parse(raw).data.attributes,
      onQueryStarted: reportLoadFailure,
    }),
    /** The same figures as CSV text, for a download: asked for when clicked, never kept. */
    salesCsv: build.query<string, SalesArgs>({
      query: (params) => ({
        url: SALES_API.overview,
        params,
        headers: { accept: 'text/csv' },
      }),
      transformResponse: (raw: unknown) => (typeof raw === 'string' ? raw : String(raw ?? '')),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSalesOverviewQuery, useLazySalesCsvQuery } = salesApi;
