// The search read model (docs/decisions/054-module-boundaries.md): one search across programmes,
// students, families, teachers and orders, read from those modules' tables; app.ts registers it.
export type { SearchContext } from './search.context';
export { searchRoutes } from './search.routes';
