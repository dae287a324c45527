import { createAction } from '@reduxjs/toolkit';

/**
 * Raised by the api client when a response is 401 (docs/product.md#error-handling). The store's listener answers it by
 * ending the session locally (storage cleared, live connection closed, store reset, /login).
 * It is a plain action so the api client needs no import of the session thunks.
 */
export const sessionExpired = createAction('session/expired');
