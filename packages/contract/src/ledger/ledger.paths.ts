type Id = string | number;

/** Paths of a family's ledger (docs/product.md#a-familys-ledger). */
export const LEDGER_API = {
  /** GET ?page=N (the signed-in family): its entries, newest first, with its balance. */
  accountLedger: '/api/v2/account/ledger',
  /** GET ?page=N (admins): an account holder's ledger; POST {kind, amount, reason}: a credit or charge. */
  customerLedger: (id: Id) => `/api/v2/admin/customers/${id}/ledger`,
  /** GET ?page=N (admins): a walk-in customer's ledger. */
  guestCustomerLedger: (id: Id) => `/api/v2/admin/guest_customers/${id}/ledger`,
} as const;
