import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../lib/route-paths';
import { confirmedRegistration } from '../registration-confirmed';
import { LinkProblem } from './link-problem';
import { RegistrationComplete } from './registration-complete';

/**
 * /register/complete/{token}: the welcome only after the confirm flow really used `token`
 * (its proof rides in navigation state); any other visit is an invalid link.
 */
export function RegistrationCompleteGate({
  token,
  redirect,
}: {
  token: string;
  redirect: string | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  if (confirmedRegistration(location.state, token)) {
    return <RegistrationComplete redirect={redirect} />;
  }
  return (
    <LinkProblem message={t('register.confirm.invalid')}>
      <Button component={RouterLink} to={paths.register} variant="outlined">
        {t('register.confirm.registerAgain')}
      </Button>
    </LinkProblem>
  );
}
