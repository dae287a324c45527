// The user-search module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
// `searchUsers` is here for the modules that offer pickers of users under their own rules
// (messages' families), so every picker finds people the same way.
export { searchUsers, type UserSearchFilters, type UserSearchRow } from './user-search.repository';
export { userSearchRoutes } from './user-search.routes';
