import { LANGUAGES, type Language } from '@atelier/contract';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, storeLanguage } from '../../i18n/i18n';
import { liveLanguageSet, selectLiveLanguage } from '../../i18n/language-slice';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';

/**
 * Chooses the UI language: sets `liveLanguage` (the providers apply it to i18next) and remembers
 * the choice. A native select: labelled, keyboard-friendly, and light on the first-visit bundle.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectLiveLanguage);
  const id = useId();
  const choose = (language: Language) => {
    storeLanguage(language);
    dispatch(liveLanguageSet(language));
  };
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <label htmlFor={id} style={{ display: 'inline-flex' }}>
        {/* The icon makes room on a phone's top bar; the label stays for screen readers. */}
        <TranslateIcon
          fontSize="small"
          aria-hidden="true"
          sx={{ display: { xs: 'none', sm: 'inline-block' } }}
        />
        <span
          style={{
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
          }}
        >
          {t('layout.language')}
        </span>
      </label>
      <Box
        component="select"
        id={id}
        value={current}
        onChange={(event) => {
          const value = (event.target as HTMLSelectElement).value;
          if (isLanguage(value)) choose(value);
        }}
        data-testid="language-switch"
        sx={{
          font: 'inherit',
          fontSize: 14,
          color: 'text.primary',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          py: 0.5,
          px: 0.5,
          cursor: 'pointer',
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`layout.languageNames.${language}`)}
          </option>
        ))}
      </Box>
    </Box>
  );
}
