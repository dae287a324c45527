import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { type CheckEmailState, ResendConfirmationForm } from '../../features/accounts';

function emailFrom(state: unknown): string {
  const email = (state as Partial<CheckEmailState> | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** /register/check_email: where registration leads (for new and existing addresses alike). */
export function Component() {
  const { t } = useTranslation();
  const email = emailFrom(useLocation().state);
  return (
    <section>
      <PageTitle title={t('pages.registerCheckEmail')} />
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Typography data-testid="check-email-lead">
          {email ? t('register.checkEmail.lead', { email }) : t('register.checkEmail.leadNoEmail')}
        </Typography>
        <Typography>{t('register.checkEmail.expiry')}</Typography>
        <Typography>{t('register.checkEmail.notArrived')}</Typography>
        <ResendConfirmationForm email={email} />
      </Stack>
    </section>
  );
}
