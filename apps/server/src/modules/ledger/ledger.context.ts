import type { Db } from '../../db/client';

/** What the ledger services need from the app (docs/architecture.md#family-ledger). */
export type LedgerContext = {
  db: Db;
  /** The school's currency: the balance's, and staff's credits' and charges'. */
  currency: string;
  now: () => Date;
};
