import { describe, expect, it } from 'vitest';
import { makeStore } from '../../testing/render-with-providers';
import {
  initialSearchDialogState,
  searchDialogClosed,
  searchDialogOpened,
  searchDialogReducer,
  selectSearchDialogOpen,
} from './search-dialog-slice';

describe('search dialog slice (docs/product.md#routes-and-screens)', () => {
  it('starts closed', () => {
    expect(searchDialogReducer(undefined, { type: 'init' })).toEqual({ open: false });
  });

  it('opens and closes the search dialog', () => {
    const open = searchDialogReducer(initialSearchDialogState, searchDialogOpened());
    expect(open.open).toBe(true);
    expect(searchDialogReducer(open, searchDialogClosed()).open).toBe(false);
  });

  it('selects whether it is open from the root state', () => {
    const store = makeStore();
    store.dispatch(searchDialogOpened());
    expect(selectSearchDialogOpen(store.getState())).toBe(true);
  });
});
