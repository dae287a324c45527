import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useEffect } from 'react';
import { Provider } from 'react-redux';
import { setI18nLanguage } from '../i18n/i18n';
import { selectLiveLanguage } from '../i18n/language-slice';
import { useAppSelector } from '../lib/store-hooks';
import type { AppStore } from './store';
import { theme } from './theme';

/** Applies the store's `liveLanguage` to i18next and the page's lang attribute. */
function LanguageSync() {
  const language = useAppSelector(selectLiveLanguage);
  useEffect(() => {
    void setI18nLanguage(language);
  }, [language]);
  return null;
}

/** Store, theme and language: everything a page or a component test renders inside. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LanguageSync />
        {children}
      </ThemeProvider>
    </Provider>
  );
}
