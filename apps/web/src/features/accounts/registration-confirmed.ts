/**
 * The proof the confirm flow hands the welcome page in navigation state: only a token that
 * confirmed a registration in this browser gets "your account is ready"; a made-up
 * /register/complete/{token} gets the invalid-link view. History state survives a reload.
 */
export type RegistrationConfirmedState = { confirmedToken: string };

export function registrationConfirmedState(token: string): RegistrationConfirmedState {
  return { confirmedToken: token };
}

export function confirmedRegistration(state: unknown, token: string): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Partial<RegistrationConfirmedState>).confirmedToken === token
  );
}
