import type { User } from '@atelier/contract';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { storedLanguage } from '../../i18n/i18n';
import { liveLanguageSet } from '../../i18n/language-slice';
import { resetStore } from '../../lib/reset-store';
import { setToken } from '../../lib/storage';
import { adoptLanguage, loadSession, openLiveConnection, type SessionState } from '../session';

// Thunks, like the session's own: each orchestrates sign-in across features (token, store reset,
// live connection, the session's user) in order, which no hook or endpoint lifecycle can do
// (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md, "What stays imperative, and why").

/**
 * Signs in with a token a mailed link earned (registration confirmed, password reset): the same
 * steps as a sign-in after its POST (docs/product.md#client-state: token stored, store cleared, live connection opened,
 * user loaded), built from the session feature's own thunks. Navigating is the caller's choice.
 */
export const signInWithToken = createAsyncThunk<
  User | null,
  string,
  { state: { session: SessionState } }
>('accounts/signInWithToken', async (jwt, { dispatch }) => {
  setToken(jwt);
  // The reset would also put the screen back in English with the drawer shut: the person keeps
  // the language they chose and the layout they were looking at.
  const language = storedLanguage();
  dispatch(resetStore({ keepLayout: true }));
  dispatch(liveLanguageSet(language));
  await openLiveConnection(jwt);
  const user = await dispatch(loadSession())
    .unwrap()
    .catch(() => null);
  // An account with no language yet keeps the one the person was using, as at a password sign-in.
  return user ? dispatch(adoptLanguage({ user, language })).unwrap() : null;
});

/**
 * A password change revokes every session, the current one included, and answers a fresh token:
 * it replaces the stored one and the live connection reopens with it. Nothing else changes, so
 * the store is kept.
 */
export const sessionTokenReplaced = createAsyncThunk(
  'accounts/sessionTokenReplaced',
  async (jwt: string) => {
    setToken(jwt);
    await openLiveConnection(jwt);
  },
);
