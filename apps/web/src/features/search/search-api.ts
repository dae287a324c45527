import {
  SEARCH_API,
  type SearchGroup,
  type SearchResult,
  searchDocumentSchema,
} from '@atelier/contract';
import { api } from '../../lib/api';

/** What the dialog shows for one keyword: the results in group order, and the groups searched. */
export type SearchAnswer = { results: SearchResult[]; groups: SearchGroup[] };

/**
 * The search dialog's one call (docs/product.md#search). A typeahead reports no failure through
 * the snackbar: the dialog says so in place, and the next keystroke tries again.
 */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchAnswer, string>({
      query: (q) => ({ url: SEARCH_API.search, params: { q } }),
      transformResponse: (raw: unknown) => {
        const doc = searchDocumentSchema.parse(raw);
        return {
          results: doc.data.map((r): SearchResult => ({ id: r.id, type: r.type, ...r.attributes })),
          groups: doc.meta.groups,
        };
      },
    }),
  }),
});

export const { useSearchQuery } = searchApi;
