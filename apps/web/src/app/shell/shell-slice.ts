import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The shell's own state: what the layout around every page shows (docs/product.md#routes-and-screens). */
export type ShellState = {
  /** Title shown in the top bar and the document title; the gallery name by default (docs/product.md#who-uses-it). */
  appTitle: string;
  /** The full-screen loading overlay (docs/product.md#routes-and-screens). */
  loading: boolean;
  drawerOpen: boolean;
};

/** The gallery name: the application's default title (docs/product.md#who-uses-it). */
export const DEFAULT_APP_TITLE = 'Atelier Gallery';

export const initialShellState: ShellState = {
  appTitle: DEFAULT_APP_TITLE,
  loading: false,
  drawerOpen: false,
};

const shellSlice = createSlice({
  name: 'shell',
  initialState: initialShellState,
  reducers: {
    appTitleSet(state, action: PayloadAction<string>) {
      state.appTitle = action.payload;
    },
    loadingSet(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
    drawerOpened(state) {
      state.drawerOpen = true;
    },
    drawerClosed(state) {
      state.drawerOpen = false;
    },
    drawerToggled(state) {
      state.drawerOpen = !state.drawerOpen;
    },
  },
  selectors: {
    selectAppTitle: (state) => state.appTitle,
    selectLoading: (state) => state.loading,
    selectDrawerOpen: (state) => state.drawerOpen,
  },
});

export const { appTitleSet, loadingSet, drawerOpened, drawerClosed, drawerToggled } =
  shellSlice.actions;
export const { selectAppTitle, selectLoading, selectDrawerOpen } = shellSlice.selectors;
export const shellReducer = shellSlice.reducer;
