import { createAction } from '@reduxjs/toolkit';

/**
 * docs/product.md#client-state "Clearing the store resets everything": the root reducer answers this action by
 * returning every slice (and the RTK Query cache) to its initial state.
 */
export const resetStore = createAction('app/resetStore');
