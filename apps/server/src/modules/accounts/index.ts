// The accounts module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export { hashAccountToken, newAccountToken } from './account-tokens';
// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export { eraseAccountTokens } from './accounts.repository';
export { accountsRoutes } from './accounts.routes';
