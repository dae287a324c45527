import {
  DEFAULT_LANGUAGE,
  type Language,
  SNACKBAR_AUTO_HIDE_MS,
  SNACKBAR_WARNING_AUTO_HIDE_MS,
} from '@atelier/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SnackbarType = 'success' | 'info' | 'warning' | 'error';
export type SnackbarState = { content: string; type: SnackbarType; open: boolean };

export type UiState = {
  /** Title shown in the top bar and the document title; the gallery name by default (docs/product.md#who-uses-it). */
  appTitle: string;
  /** The full-screen loading overlay (docs/product.md#routes-and-screens). */
  loading: boolean;
  searchDialogOpen: boolean;
  drawerOpen: boolean;
  snackbar: SnackbarState;
  liveLanguage: Language;
};

/** The gallery name: the application's default title (docs/product.md#who-uses-it). */
export const DEFAULT_APP_TITLE = 'Atelier Gallery';

export const initialUiState: UiState = {
  appTitle: DEFAULT_APP_TITLE,
  loading: false,
  searchDialogOpen: false,
  drawerOpen: false,
  snackbar: { content: '', type: 'info', open: false },
  liveLanguage: DEFAULT_LANGUAGE,
};

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    appTitleSet(state, action: PayloadAction<string>) {
      state.appTitle = action.payload;
    },
    loadingSet(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
    searchDialogOpened(state) {
      state.searchDialogOpen = true;
    },
    searchDialogClosed(state) {
      state.searchDialogOpen = false;
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
    snackbarShown(state, action: PayloadAction<{ content: string; type?: SnackbarType }>) {
      state.snackbar = {
        content: action.payload.content,
        type: action.payload.type ?? 'info',
        open: true,
      };
    },
    /** Keeps content and type so the closing animation still shows the message. */
    snackbarHidden(state) {
      state.snackbar.open = false;
    },
    liveLanguageSet(state, action: PayloadAction<Language>) {
      state.liveLanguage = action.payload;
    },
  },
  selectors: {
    selectAppTitle: (state) => state.appTitle,
    selectLoading: (state) => state.loading,
    selectSearchDialogOpen: (state) => state.searchDialogOpen,
    selectDrawerOpen: (state) => state.drawerOpen,
    selectSnackbar: (state) => state.snackbar,
    selectLiveLanguage: (state) => state.liveLanguage,
  },
});

export const {
  appTitleSet,
  loadingSet,
  searchDialogOpened,
  searchDialogClosed,
  drawerOpened,
  drawerClosed,
  drawerToggled,
  snackbarShown,
  snackbarHidden,
  liveLanguageSet,
} = uiSlice.actions;

export const {
  selectAppTitle,
  selectLoading,
  selectSearchDialogOpen,
  selectDrawerOpen,
  selectSnackbar,
  selectLiveLanguage,
} = uiSlice.selectors;

export const uiReducer = uiSlice.reducer;
export default uiSlice;

/** docs/product.md#client-state/§9: success and info hide after 5 s, warning after 7 s, an error stays until closed. */
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
