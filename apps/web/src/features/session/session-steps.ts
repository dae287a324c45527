import type { Language, User } from '@atelier/contract';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { i18n, storedLanguage, storeLanguage } from '../../i18n/i18n';
import { liveLanguageSet } from '../../i18n/language-slice';
import { queryData } from '../../lib/api';
import { type ApiError, handleError, toApiError } from '../../lib/api-client';
import { closeCable, openCable } from '../../lib/cable';
import { navigate } from '../../lib/navigation';
import { resetStore } from '../../lib/reset-store';
import { clearStorage, getToken, setToken } from '../../lib/storage';
import { sessionApi } from './session-api';
import { clearUser, type SessionState, sessionLoading, setUser } from './session-slice';

type SessionThunkState = { session: SessionState };

/** Reads a JWT's payload without verifying it (the server verifies; the client only needs exp). */
export function decodeTokenClaims(token: string): { exp: number } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    // sessionClaimsSchema's `exp: z.number()`, checked by hand: this runs synchronously at
    // start-up, and zod is loaded only once a response needs parsing (the first-visit budget of
    // docs/decisions/021-precompressed-assets-and-first-visit-budget.md).
    if (json === null || typeof json !== 'object' || !('exp' in json)) return null;
    const { exp } = json;
    return typeof exp === 'number' && Number.isFinite(exp) ? { exp } : null;
  } catch {
    return null;
  }
}

/** docs/product.md#client-state: a session is valid while the current time (ms) is at or before the token's exp (s). */
export function isSessionValid(token: string | null, now: number = Date.now()): boolean {
  if (!token) return false;
  const claims = decodeTokenClaims(token);
  return claims !== null && now <= claims.exp * 1000;
}

/**
 * Opens the live connection for `token` (docs/architecture.md#live-channel): the session owns the
 * one connection; the features subscribe to their channels on it (lib/cable.ts `subscribe`).
 */
export async function openLiveConnection(token: string): Promise<void> {
  await openCable(token);
}

// Why the session's steps are thunks (createAsyncThunk) when every other server call is an
// endpoint used through a hook: signing in or out orchestrates across features, not one call. A
// token is stored or cleared, the whole store (every feature's slice and the api cache) is reset,
// the live connection is opened or closed, and the next step waits on the one before; no hook
// or endpoint lifecycle runs such a sequence (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md,
// "What stays imperative, and why"). The calls inside still go through their endpoints.

/**
 * Ends the session on this device without asking the server: storage cleared, live connection
 * closed, store reset, user cleared (state loaded) and /login. Sign-out and a 401 both end here.
 */
export const endSession = createAsyncThunk('session/end', async (_, { dispatch }) => {
  clearStorage();
  const closing = closeCable();
  dispatch(resetStore());
  dispatch(clearUser());
  navigate('/login');
  await closing;
});

/**
 * docs/product.md#client-state load: with a token the current user is fetched (and the live connection opened while
 * the token is valid); with none the user is cleared and the state becomes loaded. A 401 ends
 * the session through the api client's session-expired handler; other failures are reported
 * and leave the state loaded with no user (the token stays, so a reload tries again).
 */
export const loadSession = createAsyncThunk<User | null, void, { state: SessionThunkState }>(
  'session/load',
  async (_, { dispatch }) => {
    dispatch(sessionLoading());
    const token = getToken();
    if (!token) {
      dispatch(clearUser());
      return null;
    }
    try {
      const user = await queryData(
        dispatch(
          sessionApi.endpoints.currentUser.initiate(undefined, {
            subscribe: false,
            forceRefetch: true,
          }),
        ),
      );
      // The response may have refreshed the token; the connection uses the newest one.
      const current = getToken();
      if (current && isSessionValid(current)) await openLiveConnection(current);
      dispatch(setUser(user));
      return user;
    } catch (error) {
      dispatch(clearUser());
      if (toApiError(error).status !== 401) handleError(error);
      throw error;
    }
  },
);

export type SignInArgs = { email: string; password: string; redirect?: boolean };

/**
 * POST /api/v1/users/sign_in: stores `data.jwt`, resets the store, opens the live connection,
 * loads the user, applies its language and goes to / unless `redirect` is false. Rejects with an
 * ApiError (use `fieldErrors` / `detail` in the form); the only snackbar it may show is a failure
 * to save the guest's language to an account that had none.
 */
export const signIn = createAsyncThunk<
  User | null,
  SignInArgs,
  { state: SessionThunkState; rejectValue: ApiError }
>('session/signIn', async ({ email, password, redirect = true }, { dispatch, rejectWithValue }) => {
  // The language the guest was using, before anything resets: an account without one keeps it.
  const guestLanguage = storedLanguage();
  let jwt: string;
  try {
    jwt = await dispatch(sessionApi.endpoints.signIn.initiate({ email, password })).unwrap();
  } catch (error) {
    return rejectWithValue(toApiError(error));
  }
  setToken(jwt);
  dispatch(resetStore());
  await openLiveConnection(jwt);
  const user = await dispatch(loadSession())
    .unwrap()
    .catch(() => null);
  // The account's preferred language follows its owner to any device they sign in on; an account
  // with none yet keeps the guest's choice, which becomes the account's own.
  const language = user?.locale ?? guestLanguage;
  if (user) {
    storeLanguage(language);
    dispatch(liveLanguageSet(language));
  }
  const signedIn = user ? await dispatch(adoptLanguage({ user, language })).unwrap() : null;
  if (redirect) navigate('/');
  return signedIn;
});

/**
 * An account with no language of its own yet takes `language`, the one on screen: saved to the
 * account (PUT /api/v1/users/{id}) and the session's user replaced by the answer. A failure is
 * reported and changes nothing else: the language still applies on this device.
 */
export const adoptLanguage = createAsyncThunk<User, { user: User; language: Language }>(
  'session/adoptLanguage',
  async ({ user, language }, { dispatch }) => {
    if (user.locale) return user;
    try {
      const saved = await dispatch(
        sessionApi.endpoints.saveLanguage.initiate({ userId: user.id, locale: language }),
      ).unwrap();
      dispatch(setUser(saved));
      return saved;
    } catch (error) {
      handleError(error);
      return user;
    }
  },
);

/**
 * DELETE /api/v1/users/sign_out, then the local end of the session. A failed call goes to the
 * common error handler; sign-out completes all the same.
 */
export const signOut = createAsyncThunk('session/signOut', async (_, { dispatch }) => {
  let failure: unknown = null;
  try {
    await dispatch(sessionApi.endpoints.signOut.initiate()).unwrap();
  } catch (error) {
    failure = error;
  }
  await dispatch(endSession());
  // Reported after the reset, or the reset would take the snackbar away with it.
  if (failure !== null) handleError(failure, i18n.t('layout.logoutFailed'));
});
