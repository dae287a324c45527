import { createSlice } from '@reduxjs/toolkit';

/**
 * Whether the kit's search dialog (search-dialog.tsx) is open: a page opens it with
 * `searchDialogOpened()`, the dialog closes itself (docs/product.md#routes-and-screens).
 */
export type SearchDialogState = { open: boolean };

export const initialSearchDialogState: SearchDialogState = { open: false };

const searchDialogSlice = createSlice({
  name: 'searchDialog',
  initialState: initialSearchDialogState,
  reducers: {
    searchDialogOpened(state) {
      state.open = true;
    },
    searchDialogClosed(state) {
      state.open = false;
    },
  },
  selectors: {
    selectSearchDialogOpen: (state) => state.open,
  },
});

export const { searchDialogOpened, searchDialogClosed } = searchDialogSlice.actions;
export const { selectSearchDialogOpen } = searchDialogSlice.selectors;
export const searchDialogReducer = searchDialogSlice.reducer;
