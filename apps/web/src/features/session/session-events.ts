// Temporary: moved to lib/session-expired.ts; removed once every import points there.
export { sessionExpired } from '../../lib/session-expired';
