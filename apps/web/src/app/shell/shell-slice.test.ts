import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import {
  appTitleSet,
  drawerClosed,
  drawerOpened,
  drawerToggled,
  initialUiState,
  liveLanguageSet,
  loadingSet,
  searchDialogClosed,
  searchDialogOpened,
  selectAppTitle,
  selectDrawerOpen,
  selectLiveLanguage,
  selectLoading,
  selectSearchDialogOpen,
  selectSnackbar,
  snackbarAutoHideMs,
  snackbarHidden,
  snackbarShown,
  uiReducer,
} from './ui-slice';

describe('ui slice (docs/product.md#data-the-client-sees and #client-state)', () => {
  it('starts with the gallery name, no overlay, everything closed, English', () => {
    expect(uiReducer(undefined, { type: 'init' })).toEqual({
      appTitle: 'Atelier Gallery',
      loading: false,
      searchDialogOpen: false,
      drawerOpen: false,
      snackbar: { content: '', type: 'info', open: false },
      liveLanguage: 'en',
    });
  });

  it('sets the title and the loading overlay', () => {
    let state = uiReducer(initialUiState, appTitleSet('Classes'));
    state = uiReducer(state, loadingSet(true));
    expect(state.appTitle).toBe('Classes');
    expect(state.loading).toBe(true);
    expect(uiReducer(state, loadingSet(false)).loading).toBe(false);
  });

  it('opens and closes the search dialog', () => {
    const open = uiReducer(initialUiState, searchDialogOpened());
    expect(open.searchDialogOpen).toBe(true);
    expect(uiReducer(open, searchDialogClosed()).searchDialogOpen).toBe(false);
  });

  it('opens, closes and toggles the drawer', () => {
    const open = uiReducer(initialUiState, drawerOpened());
    expect(open.drawerOpen).toBe(true);
    expect(uiReducer(open, drawerClosed()).drawerOpen).toBe(false);
    expect(uiReducer(open, drawerToggled()).drawerOpen).toBe(false);
    expect(uiReducer(initialUiState, drawerToggled()).drawerOpen).toBe(true);
  });

  it('shows a snackbar, info unless a type is given, and hides it keeping its text', () => {
    const info = uiReducer(initialUiState, snackbarShown({ content: 'Saved' }));
    expect(info.snackbar).toEqual({ content: 'Saved', type: 'info', open: true });
    const warning = uiReducer(info, snackbarShown({ content: 'Careful', type: 'warning' }));
    expect(warning.snackbar).toEqual({ content: 'Careful', type: 'warning', open: true });
    expect(uiReducer(warning, snackbarHidden()).snackbar).toEqual({
      content: 'Careful',
      type: 'warning',
      open: false,
    });
  });

  it('switches the live language', () => {
    expect(uiReducer(initialUiState, liveLanguageSet('ja')).liveLanguage).toBe('ja');
  });

  it('hides success and info after 5 s, warning after 7 s, and never an error (docs/product.md#constants)', () => {
    expect(snackbarAutoHideMs('success')).toBe(5000);
    expect(snackbarAutoHideMs('info')).toBe(5000);
    expect(snackbarAutoHideMs('warning')).toBe(7000);
    expect(snackbarAutoHideMs('error')).toBeNull();
  });

  it('selects each field from the root state', () => {
    const store = makeStore();
    store.dispatch(appTitleSet('T'));
    store.dispatch(loadingSet(true));
    store.dispatch(searchDialogOpened());
    store.dispatch(drawerOpened());
    store.dispatch(snackbarShown({ content: 'Hi', type: 'success' }));
    store.dispatch(liveLanguageSet('ja'));
    const state = store.getState();
    expect(selectAppTitle(state)).toBe('T');
    expect(selectLoading(state)).toBe(true);
    expect(selectSearchDialogOpen(state)).toBe(true);
    expect(selectDrawerOpen(state)).toBe(true);
    expect(selectSnackbar(state)).toEqual({ content: 'Hi', type: 'success', open: true });
    expect(selectLiveLanguage(state)).toBe('ja');
  });
});
