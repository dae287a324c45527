// Temporary: moved to lib/client-config.ts; removed once every import points there.
export * from '../lib/client-config';
