import { describe, expect, it } from 'vitest';
import { makeStore } from '../testing/render-with-providers';
import {
  initialSnackbarState,
  selectSnackbar,
  snackbarAutoHideMs,
  snackbarHidden,
  snackbarReducer,
  snackbarShown,
} from './snackbar-slice';

describe('snackbar slice (docs/product.md#client-state)', () => {
  it('starts closed and empty', () => {
    expect(snackbarReducer(undefined, { type: 'init' })).toEqual({
      content: '',
      type: 'info',
      open: false,
    });
  });

  it('shows a snackbar, info unless a type is given, and hides it keeping its text', () => {
    const info = snackbarReducer(initialSnackbarState, snackbarShown({ content: 'Saved' }));
    expect(info).toEqual({ content: 'Saved', type: 'info', open: true });
    const warning = snackbarReducer(info, snackbarShown({ content: 'Careful', type: 'warning' }));
    expect(warning).toEqual({ content: 'Careful', type: 'warning', open: true });
    expect(snackbarReducer(warning, snackbarHidden())).toEqual({
      content: 'Careful',
      type: 'warning',
      open: false,
    });
  });

  it('hides success and info after 5 s, warning after 7 s, and never an error (docs/product.md#constants)', () => {
    expect(snackbarAutoHideMs('success')).toBe(5000);
    expect(snackbarAutoHideMs('info')).toBe(5000);
    expect(snackbarAutoHideMs('warning')).toBe(7000);
    expect(snackbarAutoHideMs('error')).toBeNull();
  });

  it('selects the snackbar from the root state', () => {
    const store = makeStore();
    store.dispatch(snackbarShown({ content: 'Hi', type: 'success' }));
    expect(selectSnackbar(store.getState())).toEqual({
      content: 'Hi',
      type: 'success',
      open: true,
    });
  });
});
