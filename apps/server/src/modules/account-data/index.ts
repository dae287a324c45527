// The account-data module: a family's data export and account deletion
// (docs/decisions/072-a-familys-data-is-theirs.md). It owns the durable export jobs and deletion
// requests; the reads are its queries over the modules' tables, the erasure each module's own.

export type { AccountExportRow } from './account-data.repository';
export { type AccountDataPluginOptions, accountDataPlugin } from './account-data.routes';
export { EXPORT_SECTIONS, type ExportSection } from './family-export';
