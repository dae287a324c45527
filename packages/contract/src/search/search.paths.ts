/** API path of the search dialog (docs/product.md#search). */
export const SEARCH_API = {
  /** GET ?q=: programmes for everyone; students, families, teachers and orders for staff. */
  search: '/api/v1/search',
} as const;
