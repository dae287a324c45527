import { isSafeRedirect, PASSWORD_MIN_LENGTH, PUBLIC_SITE } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { selectLiveLanguage } from '../../../i18n/language-slice';
import { paths } from '../../../lib/route-paths';
import { useAppSelector } from '../../../lib/store-hooks';
import { useRegisterMutation } from '../accounts-api';
import { browserTimeZone } from '../time-zones';
import { PasswordStrengthHint } from './password-strength-hint';
import { TimeZoneSelect } from './time-zone-select';

/** What the check-your-mail page is told: the address, for its "send a new link" action. */
export type CheckEmailState = { email: string };

/**
 * /register: name, e-mail, password (with its strength hint), time zone and the Terms of Use.
 * `redirect` is where to resume after confirmation; the server keeps it with the mailed link.
 */
export function RegisterForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppSelector(selectLiveLanguage);
  const termsId = useId();
  const [terms, setTerms] = useState(false);
  const [register] = useRegisterMutation();
  const {
    values,
    field,
    setValue,
    message,
    clear,
    handleSubmit,
    showMessages,
    submitting,
    formMessages,
  } = useForm(
    { name: '', email: '', password: '', timezone: browserTimeZone() },
    {
      name: { required: true },
      email: { required: true, email: true },
      password: { required: true },
      timezone: { required: true },
    },
    {
      fields: ['terms_accepted'],
      check: () => (terms ? {} : { terms_accepted: 'register.messages.termsRequired' }),
    },
  );

  const submit = handleSubmit(async ({ name, email, password, timezone }) => {
    if (password.length < PASSWORD_MIN_LENGTH) {
      showMessages({
        password: t('register.messages.passwordTooShort', { minLength: PASSWORD_MIN_LENGTH }),
      });
      return;
    }
    const address = email.trim();
    await register({
      user: {
        name: name.trim(),
        email: address,
        password,
        timezone,
        locale: language,
        terms_accepted: true,
      },
      ...(redirect && isSafeRedirect(redirect) ? { query: { redirect } } : {}),
    }).unwrap();
    const state: CheckEmailState = { email: address };
    navigate(paths.registerCheckEmail, { state });
  });

  const termsError = message('terms_accepted');
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      data-testid="register-form"
      sx={{ maxWidth: 480 }}
    >
      <Stack spacing={1}>
        <FormErrorAlert messages={formMessages} testId="register-error" />
        <TextInput
          {...field('name')}
          label={t('register.name')}
          autoComplete="name"
          testId="register-name"
        />
        <TextInput
          {...field('email')}
          type="email"
          label={t('register.email')}
          autoComplete="email"
          testId="register-email"
        />
        <TextInput
          {...field('password')}
          type="password"
          label={t('register.password')}
          autoComplete="new-password"
          testId="register-password"
        />
        <PasswordStrengthHint password={values.password} />
        <TimeZoneSelect
          label={t('register.timezone')}
          value={values.timezone}
          onChange={(zone) => setValue('timezone', zone)}
          error={message('timezone')}
          hint={t('register.timezoneHint')}
          testId="register-timezone"
        />
        <FormControl error={Boolean(termsError)} required>
          <FormControlLabel
            control={
              <Checkbox
                checked={terms}
                onChange={(event) => {
                  setTerms(event.target.checked);
                  if (event.target.checked) clear('terms_accepted');
                }}
                slotProps={{
                  input: { 'aria-describedby': termsError ? termsId : undefined },
                }}
              />
            }
            label={
              <Trans
                i18nKey="register.acceptTerms"
                components={{
                  terms: (
                    <Link href={PUBLIC_SITE.termsOfUse} target="_blank" rel="noopener noreferrer" />
                  ),
                }}
              />
            }
          />
          <FormHelperText id={termsId}>{termsError ?? ' '}</FormHelperText>
        </FormControl>
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
