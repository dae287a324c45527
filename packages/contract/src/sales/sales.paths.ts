/** Paths of the sales overview (admins). */
export const SALES_API = {
  /** GET ?from=YYYY-MM-DD&to=YYYY-MM-DD&interval=day|week|month; `Accept: text/csv` for CSV. */
  overview: '/api/v2/admin/sales',
} as const;
