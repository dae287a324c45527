import { createAction } from '@reduxjs/toolkit';

/**
 * Raised by the api client when a response is 401 (docs/product.md#error-handling). The store's
 * listener (app/store.ts) answers it by ending the session locally (storage cleared, live
 * connection closed, store reset, /login). It is a lib-level action so the api client imports no
 * feature.
 */
export const sessionExpired = createAction('session/expired');
