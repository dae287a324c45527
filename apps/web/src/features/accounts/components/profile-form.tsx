import { BIO_MAX_LENGTH, DEFAULT_TIMEZONE, LANGUAGES, type User } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { SettingsSection } from '../../../components/settings-section';
import { isLanguage, storedLanguage, storeLanguage } from '../../../i18n/i18n';
import { liveLanguageSet } from '../../../i18n/language-slice';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { setUser } from '../../session';
import { useUpdateProfileMutation } from '../accounts-api';
import { TimeZoneSelect } from './time-zone-select';

/**
 * Name, time zone and preferred language, and for teachers and admins the bio the public
 * instructors page shows, in English and in Japanese (docs/architecture.md#translated-content). Saving the language also switches the UI to it (`liveLanguage`) and
 * remembers it on this device.
 */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [updateProfile] = useUpdateProfileMutation();
  // Families have no public page, and the server refuses a bio on their accounts.
  const hasBio = user.role === 'teacher' || user.role === 'admin';
  const { values, field, setValue, message, handleSubmit, submitting, formMessages } = useForm(
    {
      name: user.name,
      timezone: user.timezone ?? DEFAULT_TIMEZONE,
      // An account with no language of its own yet shows the one this device uses.
      locale: user.locale ?? storedLanguage(),
      bio: user.bio ?? '',
      // Named as the server names it, so its 422 message lands beside this field.
      'translations.ja.bio': user.translations?.ja?.bio ?? '',
    },
    { name: { required: true }, timezone: { required: true }, locale: { required: true } },
  );

  const submit = handleSubmit(async (form) => {
    const { name, timezone, locale, bio } = form;
    if (!isLanguage(locale)) return;
    const bios = hasBio
      ? { bio: bio.trim(), translations: { ja: { bio: form['translations.ja.bio'].trim() } } }
      : {};
    const updated = await updateProfile({
      userId: user.id,
      changes: { name: name.trim(), timezone, locale, ...bios },
    }).unwrap();
    dispatch(setUser(updated));
    // The form always sends a language, so the answer has one; `locale` is what was sent.
    const language = updated.locale ?? locale;
    storeLanguage(language);
    dispatch(liveLanguageSet(language));
    dispatch(snackbarShown({ content: t('accountSettings.profile.saved'), type: 'success' }));
  });

  const locale = field('locale');
  const bio = field('bio');
  const bioJa = field('translations.ja.bio');
  return (
    <SettingsSection title={t('accountSettings.profile.title')} testId="profile-section">
      <Box component="form" noValidate onSubmit={submit} data-testid="profile-form">
        <Stack spacing={1} sx={{ maxWidth: 480 }}>
          <FormErrorAlert messages={formMessages} />
          <TextInput
            {...field('name')}
            label={t('accountSettings.profile.name')}
            autoComplete="name"
            testId="profile-name"
          />
          <TimeZoneSelect
            label={t('accountSettings.profile.timezone')}
            value={values.timezone}
            onChange={(zone) => setValue('timezone', zone)}
            error={message('timezone')}
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
          {hasBio && (
            <TextField
              multiline
              minRows={3}
              name={bio.name}
              label={t('accountSettings.profile.bio')}
              value={bio.value}
              onChange={bio.onChange}
              error={bio.error}
              helperText={bio.error ? bio.helperText : t('accountSettings.profile.bioHint')}
              margin="dense"
              slotProps={{
                htmlInput: { maxLength: BIO_MAX_LENGTH, 'data-testid': 'profile-bio' },
              }}
            />
          )}
          {hasBio && (
            <TextField
              multiline
              minRows={3}
              name={bioJa.name}
              label={t('accountSettings.profile.bioJa')}
              value={bioJa.value}
              onChange={bioJa.onChange}
              error={bioJa.error}
              helperText={bioJa.error ? bioJa.helperText : t('accountSettings.profile.bioJaHint')}
              margin="dense"
              slotProps={{
                htmlInput: {
                  maxLength: BIO_MAX_LENGTH,
                  lang: 'ja',
                  'data-testid': 'profile-bio-ja',
                },
              }}
            />
          )}
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
