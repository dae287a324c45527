import { useTranslation } from 'react-i18next';

/**
 * The text that replaces the app after an uncaught error. Deliberately plain markup: the theme,
 * store or layout may be what failed.
 */
export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <main style={{ padding: 24, fontFamily: 'sans-serif' }}>
      <p role="alert">{t('errors.fallback')}</p>
    </main>
  );
}
