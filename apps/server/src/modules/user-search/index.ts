// The user-search module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
// Modules that offer pickers of users under their own rules (messages' families) page people the
// way this module does, through the users module's `searchPeople`; the names below are the ones
// they knew it by.
export {
  type PeopleFilters as UserSearchFilters,
  type Person as UserSearchRow,
  searchPeople as searchUsers,
} from '../users';
export { userSearchRoutes } from './user-search.routes';
