import { DEFAULT_LANGUAGE, type Language } from '@atelier/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/*
 * The language the screen shows (`liveLanguage`), beside the i18n set-up that applies it: the app's
 * providers hand it to i18next, and whoever changes it (the language switch, a sign-in that
 * brings the account's preferred language) dispatches `liveLanguageSet`.
 */

export type LanguageState = { liveLanguage: Language };

export const initialLanguageState: LanguageState = { liveLanguage: DEFAULT_LANGUAGE };

const languageSlice = createSlice({
  name: 'language',
  initialState: initialLanguageState,
  reducers: {
    liveLanguageSet(state, action: PayloadAction<Language>) {
      state.liveLanguage = action.payload;
    },
  },
  selectors: {
    selectLiveLanguage: (state) => state.liveLanguage,
  },
});

export const { liveLanguageSet } = languageSlice.actions;
export const { selectLiveLanguage } = languageSlice.selectors;
export const languageReducer = languageSlice.reducer;
