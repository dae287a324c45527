// Temporary: moved to lib/route-paths.ts; removed once every import points there.
export * from '../lib/route-paths';
