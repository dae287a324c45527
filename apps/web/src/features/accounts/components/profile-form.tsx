import { DEFAULT_TIMEZONE, LANGUAGES, type User } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { isLanguage, storeLanguage } from '../../../i18n/i18n';
import { handleError } from '../../../lib/api-client';
import { setUser } from '../../session/session-slice';
import { liveLanguageSet, snackbarShown } from '../../ui/ui-slice';
import { updateProfile } from '../accounts-api';
import { fieldMessage, valueEvent } from '../form-helpers';
import { serverFieldMessages } from '../../../components/form/server-messages';
import { SettingsSection } from './settings-section';
import { TimeZoneSelect } from './time-zone-select';

const FIELDS = ['name', 'timezone', 'locale'] as const;

/**
 * Name, time zone and preferred language. Saving the language also switches the UI to it
 * (`liveLanguage`) and remembers it on this device.
 */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { field, handleSubmit, setServerErrors, submitting } = useForm(
    { name: user.name, timezone: user.timezone ?? DEFAULT_TIMEZONE, locale: user.locale },
    { name: { required: true }, timezone: { required: true }, locale: { required: true } },
  );

  const submit = handleSubmit(async ({ name, timezone, locale }) => {
    if (!isLanguage(locale)) return;
    setOtherErrors([]);
    try {
      const updated = await updateProfile(user.id, { name: name.trim(), timezone, locale });
      dispatch(setUser(updated));
      storeLanguage(updated.locale);
      dispatch(liveLanguageSet(updated.locale));
      dispatch(snackbarShown({ content: t('accountSettings.profile.saved'), type: 'success' }));
    } catch (error) {
      const { byField, other } = serverFieldMessages(error, FIELDS, t);
      setServerErrors(byField);
      setOtherErrors(other);
      if (Object.keys(byField).length === 0 && other.length === 0) handleError(error);
    }
  });

  const timezone = field('timezone');
  const locale = field('locale');
  return (
    <SettingsSection title={t('accountSettings.profile.title')} testId="profile-section">
      <Box component="form" noValidate onSubmit={submit} data-testid="profile-form">
        <Stack spacing={1} sx={{ maxWidth: 480 }}>
          {otherErrors.length > 0 && <Alert severity="error">{otherErrors.join(' ')}</Alert>}
          <TextInput
            {...field('name')}
            label={t('accountSettings.profile.name')}
            autoComplete="name"
            testId="profile-name"
          />
          <TimeZoneSelect
            label={t('accountSettings.profile.timezone')}
            value={timezone.value}
            onChange={(zone) => timezone.onChange(valueEvent(zone))}
            error={fieldMessage(timezone)}
            hint={t('register.timezoneHint')}
            testId="profile-timezone"
          />
          <TextField
            select
            label={t('accountSettings.profile.language')}
            value={locale.value}
            onChange={locale.onChange}
            error={locale.error}
            helperText={locale.helperText}
            margin="dense"
            slotProps={{
              select: { native: true },
              htmlInput: { 'data-testid': 'profile-language' },
            }}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {t(`layout.languageNames.${language}`)}
              </option>
            ))}
          </TextField>
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={submitting}
              data-testid="profile-submit"
            >
              {t('accountSettings.profile.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
