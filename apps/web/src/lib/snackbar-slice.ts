import { SNACKBAR_AUTO_HIDE_MS, SNACKBAR_WARNING_AUTO_HIDE_MS } from '@atelier/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/*
 * The one snackbar's state (docs/product.md#client-state). It sits in lib/ beside the api client,
 * whose common error handler shows it (docs/product.md#error-handling), so neither the client nor
 * the kit's snackbar (components/feedback/app-snackbar.tsx) imports a feature.
 */

export type SnackbarType = 'success' | 'info' | 'warning' | 'error';
export type SnackbarState = { content: string; type: SnackbarType; open: boolean };

export const initialSnackbarState: SnackbarState = { content: '', type: 'info', open: false };

const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState: initialSnackbarState,
  reducers: {
    snackbarShown(_state, action: PayloadAction<{ content: string; type?: SnackbarType }>) {
      return { content: action.payload.content, type: action.payload.type ?? 'info', open: true };
    },
    /** Keeps content and type so the closing animation still shows the message. */
    snackbarHidden(state) {
      state.open = false;
    },
  },
  selectors: {
    selectSnackbar: (state) => state,
  },
});

export const { snackbarShown, snackbarHidden } = snackbarSlice.actions;
export const { selectSnackbar } = snackbarSlice.selectors;
export const snackbarReducer = snackbarSlice.reducer;

/** docs/product.md#client-state and #constants: success and info hide after 5 s, warning after 7 s, an error stays until closed. */
export function snackbarAutoHideMs(type: SnackbarType): number | null {
  switch (type) {
    case 'success':
    case 'info':
      return SNACKBAR_AUTO_HIDE_MS;
    case 'warning':
      return SNACKBAR_WARNING_AUTO_HIDE_MS;
    case 'error':
      return null;
  }
}
