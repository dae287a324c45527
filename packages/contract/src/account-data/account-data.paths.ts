/** API paths of a family's own data: the export and the deletion of the account. */
export const ACCOUNT_DATA_API = {
  /** GET: the family's data as a ZIP (200), or 202 when it is prepared and mailed as a link. */
  export: '/api/v1/account/export',
  /** GET: a prepared export by the signed, expiring token of the mailed link (no session). */
  exportDownload: (token: string) => `/api/v1/account/exports/${token}`,
  /** DELETE {password}: mails a link that confirms the deletion (202). */
  account: '/api/v1/account',
  /** PUT: confirms a deletion with the mailed link's token (no session needed). */
  deletion: (token: string) => `/api/v1/account/deletions/${token}`,
} as const;

/** The SPA pages the mailed links open, relative to APP_BASE. */
export const ACCOUNT_DATA_PAGES = {
  /** Confirms a deletion (asks once more, then PUTs ACCOUNT_DATA_API.deletion). */
  confirmDeletion: (token: string) => `/account_settings/delete/${encodeURIComponent(token)}`,
} as const;
