import { API, type Role, type User } from '@atelier/contract';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetStore } from '../../app/reset-store';
import { i18n, storeLanguage } from '../../i18n/i18n';
import { type ApiError, apiClient, handleError, toApiError } from '../../lib/api-client';
import { closeLiveCable, openLiveCable } from '../../lib/live-connection';
import { loadContractParsers } from '../../lib/load-contract-parsers';
import { navigate } from '../../lib/navigation';
import { clearStorage, getToken, setToken } from '../../lib/storage';
import { liveMessageReceived } from '../notifications/notifications-slice';
import { liveLanguageSet } from '../ui/ui-slice';

export type SessionStatus = 'idle' | 'loading' | 'loaded';
export type SessionState = { status: SessionStatus; user: User | null };

export const initialSessionState: SessionState = { status: 'idle', user: null };

type SessionThunkState = { session: SessionState };

/** Reads a JWT's payload without verifying it (the server verifies; the client only needs exp). */
export function decodeTokenClaims(token: string): { exp: number } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    // sessionClaimsSchema's `exp: z.number()`, checked by hand: this runs synchronously at
    // start-up, and zod is loaded only once a response needs parsing (issue 2's bundle budget).
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

/** Opens the live connection; its messages feed the notifications (docs/product.md#server-calls live channel). */
export const openLiveConnection = createAsyncThunk(
  'session/openLiveConnection',
  async (token: string, { dispatch }) => {
    await openLiveCable(token, (message) => {
      void dispatch(liveMessageReceived(message));
    });
  },
);

/**
 * Ends the session on this device without asking the server: storage cleared, live connection
 * closed, store reset, user cleared (state loaded) and /login. Sign-out and a 401 both end here.
 */
export const endSession = createAsyncThunk('session/end', async (_, { dispatch }) => {
  clearStorage();
  const closing = closeLiveCable();
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
    const token = getToken();
    if (!token) return null;
    try {
      const response = await apiClient.get(API.me);
      const { parseUserDocument } = await loadContractParsers();
      const user = parseUserDocument(response.data);
      // The response may have refreshed the token; the connection uses the newest one.
      const current = getToken();
      if (current && isSessionValid(current)) await dispatch(openLiveConnection(current));
      return user;
    } catch (error) {
      if (toApiError(error).status !== 401) handleError(error);
      throw error;
    }
  },
);

export type SignInArgs = { email: string; password: string; redirect?: boolean };

/**
 * POST /api/v1/users/sign_in: stores `data.jwt`, resets the store, opens the live connection,
 * loads the user and goes to / unless `redirect` is false. Rejects with an ApiError (use
 * `fieldErrors` / `detail` in the form); it never shows a snackbar itself.
 */
export const signIn = createAsyncThunk<
  User | null,
  SignInArgs,
  { state: SessionThunkState; rejectValue: ApiError }
>('session/signIn', async ({ email, password, redirect = true }, { dispatch, rejectWithValue }) => {
  let jwt: string;
  try {
    const response = await apiClient.post(
      API.signIn,
      { auth: { email, password } },
      // Wrong credentials answer 401: that is the form's business, not a session expiry.
      { skipSessionExpiry: true },
    );
    const { parseSignInJwt } = await loadContractParsers();
    jwt = parseSignInJwt(response.data);
  } catch (error) {
    return rejectWithValue(toApiError(error));
  }
  setToken(jwt);
  dispatch(resetStore());
  await dispatch(openLiveConnection(jwt));
  const user = await dispatch(loadSession())
    .unwrap()
    .catch(() => null);
  // The account's preferred language follows its owner to any device they sign in on.
  if (user) {
    storeLanguage(user.locale);
    dispatch(liveLanguageSet(user.locale));
  }
  if (redirect) navigate('/');
  return user;
});

/**
 * DELETE /api/v1/users/sign_out, then the local end of the session. A failed call goes to the
 * common error handler; sign-out completes all the same.
 */
export const signOut = createAsyncThunk('session/signOut', async (_, { dispatch }) => {
  let failure: unknown = null;
  try {
    await apiClient.delete(API.signOut, { skipSessionExpiry: true });
  } catch (error) {
    failure = error;
  }
  await dispatch(endSession());
  // Reported after the reset, or the reset would take the snackbar away with it.
  if (failure !== null) handleError(failure, i18n.t('layout.logoutFailed'));
});

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** docs/product.md#client-state: clearing user data marks the state loaded with no user. */
    clearUser(state) {
      state.user = null;
      state.status = 'loaded';
    },
    setUser(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.status = 'loaded';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSession.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(loadSession.fulfilled, (state, action) => {
        state.user = action.payload;
        state.status = 'loaded';
      })
      .addCase(loadSession.rejected, (state) => {
        state.user = null;
        state.status = 'loaded';
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectIsLoggedIn: (state) => state.user !== null,
    selectSessionStatus: (state) => state.status,
    selectRole: (state): Role | null => state.user?.role ?? null,
  },
});

export const { clearUser, setUser } = sessionSlice.actions;
export const { selectUser, selectIsLoggedIn, selectSessionStatus, selectRole } =
  sessionSlice.selectors;
export const sessionReducer = sessionSlice.reducer;
export default sessionSlice;
