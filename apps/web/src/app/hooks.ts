// Temporary: moved to lib/store-hooks.ts; removed once every import points there.
export { useAppDispatch, useAppSelector } from '../lib/store-hooks';
