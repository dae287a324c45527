import type { User } from '@atelier/contract';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { resetStore } from '../../app/reset-store';
import { storedLanguage } from '../../i18n/i18n';
import { setToken } from '../../lib/storage';
import { loadSession, openLiveConnection, type SessionState } from '../session/session-slice';
import { liveLanguageSet } from '../ui/ui-slice';

/**
 * Signs in with a token a mailed link earned (registration confirmed, password reset): the same
 * steps as a sign-in after its POST (SPEC §4: token stored, store cleared, live connection opened,
 * user loaded), built from the session slice's own thunks. Navigating is the caller's choice.
 */
export const signInWithToken = createAsyncThunk<
  User | null,
  string,
  { state: { session: SessionState } }
>('accounts/signInWithToken', async (jwt, { dispatch }) => {
  setToken(jwt);
  dispatch(resetStore());
  // The reset puts the language back to English; the person keeps reading the one they chose.
  dispatch(liveLanguageSet(storedLanguage()));
  await dispatch(openLiveConnection(jwt));
  return dispatch(loadSession())
    .unwrap()
    .catch(() => null);
});

/**
 * A password change revokes every session, the current one included, and answers a fresh token:
 * it replaces the stored one and the live connection reopens with it. Nothing else changes, so
 * the store is kept.
 */
export const sessionTokenReplaced = createAsyncThunk(
  'accounts/sessionTokenReplaced',
  async (jwt: string, { dispatch }) => {
    setToken(jwt);
    await dispatch(openLiveConnection(jwt));
  },
);
