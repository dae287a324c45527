import { createAction } from '@reduxjs/toolkit';

export type ResetStoreOptions = {
  /**
   * Keeps the shell's layout (the drawer open or shut) through the reset: a sign-in by a mailed
   * link happens on the page the person is looking at, and the layout should not jump.
   */
  keepLayout?: boolean;
};

/**
 * docs/product.md#client-state "Clearing the store resets everything": the root reducer answers this action by
 * returning every slice (and the RTK Query cache) to its initial state. It lives in lib/ so the
 * features that clear the store (sign-in, sign-out) need no import of app/.
 */
export const resetStore = createAction<ResetStoreOptions | undefined>('app/resetStore');
