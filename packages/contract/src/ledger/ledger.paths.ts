type Id = string | number;

/** Paths of a family's ledger (docs/product.md#a-familys-ledger). */
export const LEDGER_API = {
  /** GET ?page=N (the signed-in family): its entries, newest first, with its balance. */
  accountLedger: '/api/v2/account/ledger',
  /**
   * GET ?year=YYYY (the signed-in family): the year's statement as a PDF: every entry, the
   * balance, what was paid for each child (docs/product.md#receipts).
   */
  accountStatementPdf: '/api/v2/account/statement.pdf',
  /** GET ?page=N (admins): an account holder's ledger; POST {kind, amount, reason}: a credit or charge. */
  customerLedger: (id: Id) => `/api/v2/admin/customers/${id}/ledger`,
  /** GET ?page=N (admins): a walk-in customer's ledger. */
  guestCustomerLedger: (id: Id) => `/api/v2/admin/guest_customers/${id}/ledger`,
} as const;
