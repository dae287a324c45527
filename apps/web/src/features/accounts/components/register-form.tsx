import { isSafeRedirect, PASSWORD_MIN_LENGTH } from '@atelier/contract';
import Alert from '@mui/material/Alert';
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
import { useAppSelector } from '../../../app/hooks';
import { paths, publicSite } from '../../../app/route-paths';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { handleError } from '../../../lib/api-client';
import { selectLiveLanguage } from '../../ui/ui-slice';
import { register } from '../accounts-api';
import { fieldMessage, valueEvent } from '../form-helpers';
import { serverFieldMessages } from '../../../components/form/server-messages';
import { browserTimeZone } from '../time-zones';
import { PasswordStrengthHint } from './password-strength-hint';
import { TimeZoneSelect } from './time-zone-select';

const FIELDS = ['name', 'email', 'password', 'timezone'] as const;

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
  const [termsError, setTermsError] = useState('');
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { values, field, handleSubmit, setServerErrors, submitting } = useForm(
    { name: '', email: '', password: '', timezone: browserTimeZone() },
    {
      name: { required: true },
      email: { required: true, email: true },
      password: { required: true },
      timezone: { required: true },
    },
  );

  const submitFields = handleSubmit(async ({ name, email, password, timezone }) => {
    if (!terms) return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      setServerErrors({
        password: t('register.messages.passwordTooShort', { minLength: PASSWORD_MIN_LENGTH }),
      });
      return;
    }
    setOtherErrors([]);
    const address = email.trim();
    try {
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
      });
    } catch (error) {
      const { byField, other } = serverFieldMessages(error, [...FIELDS, 'terms_accepted'], t);
      const { terms_accepted: termsMessage, ...formFields } = byField;
      if (termsMessage) setTermsError(termsMessage);
      setServerErrors(formFields);
      setOtherErrors(other);
      if (Object.keys(byField).length === 0 && other.length === 0) handleError(error);
      return;
    }
    const state: CheckEmailState = { email: address };
    navigate(paths.registerCheckEmail, { state });
  });

  const submit = (event: React.FormEvent) => {
    setTermsError(terms ? '' : t('register.messages.termsRequired'));
    return submitFields(event);
  };

  const timezone = field('timezone');
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      data-testid="register-form"
      sx={{ maxWidth: 480 }}
    >
      <Stack spacing={1}>
        {otherErrors.length > 0 && (
          <Alert severity="error" data-testid="register-error">
            {otherErrors.join(' ')}
          </Alert>
        )}
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
          value={timezone.value}
          onChange={(zone) => timezone.onChange(valueEvent(zone))}
          error={fieldMessage(timezone)}
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
                  if (event.target.checked) setTermsError('');
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
                    <Link href={publicSite.termsOfUse} target="_blank" rel="noopener noreferrer" />
                  ),
                }}
              />
            }
          />
          <FormHelperText id={termsId}>{termsError || ' '}</FormHelperText>
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
