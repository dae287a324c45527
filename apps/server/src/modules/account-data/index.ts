// The account-data module owns the durable records of a family's data export and account
// deletion; the reads and erasure over every module's tables live in the family-data read model
// (docs/decisions/072-a-familys-data-is-theirs.md).
export type { AccountExportRow } from './account-data.tables';
