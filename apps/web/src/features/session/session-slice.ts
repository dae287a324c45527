import type { Role, User } from '@atelier/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Who holds the session in this browser, and whether that is known yet: client state, though the
// user's fields come from GET /me. This browser alone decides who is signed in here (by the token
// it keeps); the session's steps (session-steps.ts) set the user once they have stored the token,
// reset the store and opened the live connection, and clear it when the session ends. Its life is
// the session's, not a cache entry's: guards and the shell read it from start-up to sign-out, and
// an entry nobody holds would be dropped. The slice imports no endpoint; the steps that call the
// server live beside it (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md, "Later").

export type SessionStatus = 'idle' | 'loading' | 'loaded';
export type SessionState = { status: SessionStatus; user: User | null };

export const initialSessionState: SessionState = { status: 'idle', user: null };

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** docs/product.md#client-state load: asking who holds the token; the user stays as it was. */
    sessionLoading(state) {
      state.status = 'loading';
    },
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
  selectors: {
    selectUser: (state) => state.user,
    selectIsLoggedIn: (state) => state.user !== null,
    selectSessionStatus: (state) => state.status,
    selectRole: (state): Role | null => state.user?.role ?? null,
  },
});

export const { sessionLoading, clearUser, setUser } = sessionSlice.actions;
export const { selectUser, selectIsLoggedIn, selectSessionStatus, selectRole } =
  sessionSlice.selectors;
export const sessionReducer = sessionSlice.reducer;

/**
 * The family account a user acts for (docs/product.md#second-guardians): their own, or the
 * family's when they are its second guardian. Family calls (members, booking pickers) take it.
 */
export const familyIdOf = (user: Pick<User, 'id' | 'family_id'>): string =>
  user.family_id ?? user.id;
