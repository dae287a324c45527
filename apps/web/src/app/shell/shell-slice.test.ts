import { describe, expect, it } from 'vitest';
import { makeStore } from '../store';
import {
  appTitleSet,
  drawerClosed,
  drawerOpened,
  drawerToggled,
  initialShellState,
  loadingSet,
  selectAppTitle,
  selectDrawerOpen,
  selectLoading,
  shellReducer,
} from './shell-slice';

describe('shell slice (docs/product.md#data-the-client-sees and #client-state)', () => {
  it('starts with the gallery name, no overlay, the drawer closed', () => {
    expect(shellReducer(undefined, { type: 'init' })).toEqual({
      appTitle: 'Atelier Gallery',
      loading: false,
      drawerOpen: false,
    });
  });

  it('sets the title and the loading overlay', () => {
    let state = shellReducer(initialShellState, appTitleSet('Classes'));
    state = shellReducer(state, loadingSet(true));
    expect(state.appTitle).toBe('Classes');
    expect(state.loading).toBe(true);
    expect(shellReducer(state, loadingSet(false)).loading).toBe(false);
  });

  it('opens, closes and toggles the drawer', () => {
    const open = shellReducer(initialShellState, drawerOpened());
    expect(open.drawerOpen).toBe(true);
    expect(shellReducer(open, drawerClosed()).drawerOpen).toBe(false);
    expect(shellReducer(open, drawerToggled()).drawerOpen).toBe(false);
    expect(shellReducer(initialShellState, drawerToggled()).drawerOpen).toBe(true);
  });

  it('selects each field from the root state', () => {
    const store = makeStore();
    store.dispatch(appTitleSet('T'));
    store.dispatch(loadingSet(true));
    store.dispatch(drawerOpened());
    const state = store.getState();
    expect(selectAppTitle(state)).toBe('T');
    expect(selectLoading(state)).toBe(true);
    expect(selectDrawerOpen(state)).toBe(true);
  });
});
