import { useLocation } from 'react-router';
import { confirmedRegistration } from '../registration-confirmed';
import { InvalidRegistrationLink } from './link-problem';
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
  const location = useLocation();
  if (confirmedRegistration(location.state, token)) {
    return <RegistrationComplete redirect={redirect} />;
  }
  return <InvalidRegistrationLink />;
}
