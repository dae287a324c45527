// Temporary: moved to lib/reset-store.ts; removed once every import points there.
export * from '../lib/reset-store';
