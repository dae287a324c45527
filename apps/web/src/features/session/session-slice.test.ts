import { describe, expect, it } from 'vitest';
import { buildUser } from '../../testing/builders';
import { makeStore } from '../../testing/render-with-providers';
import {
  clearUser,
  selectIsLoggedIn,
  selectRole,
  selectSessionStatus,
  selectUser,
  sessionLoading,
  sessionReducer,
  setUser,
} from './session-slice';

const user = buildUser({ role: 'teacher' });

describe('session reducers', () => {
  it('starts not loaded with no user', () => {
    expect(sessionReducer(undefined, { type: 'init' })).toEqual({ status: 'idle', user: null });
  });

  it('loading keeps the user it has and marks the state loading', () => {
    expect(sessionReducer(undefined, sessionLoading())).toEqual({ status: 'loading', user: null });
    const withUser = sessionReducer(undefined, setUser(user));
    expect(sessionReducer(withUser, sessionLoading())).toEqual({ status: 'loading', user });
  });

  it('clearing the user marks the state loaded with no user; setting one marks it loaded', () => {
    const withUser = sessionReducer(undefined, setUser(user));
    expect(withUser).toEqual({ status: 'loaded', user });
    expect(sessionReducer(withUser, clearUser())).toEqual({ status: 'loaded', user: null });
  });

  it('selects the user, whether logged in, the status and the role', () => {
    const store = makeStore({ session: { status: 'loaded', user } });
    const state = store.getState();
    expect(selectUser(state)).toEqual(user);
    expect(selectIsLoggedIn(state)).toBe(true);
    expect(selectSessionStatus(state)).toBe('loaded');
    expect(selectRole(state)).toBe('teacher');
    const guest = makeStore().getState();
    expect(selectIsLoggedIn(guest)).toBe(false);
    expect(selectRole(guest)).toBeNull();
  });
});
