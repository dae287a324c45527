// The session feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export { LoginForm, signInFailure, type UnconfirmedNotice } from './components/login-form';
export { type SignInBody, sessionApi } from './session-api';
export {
  clearUser,
  familyIdOf,
  initialSessionState,
  type SessionState,
  type SessionStatus,
  selectIsLoggedIn,
  selectRole,
  selectSessionStatus,
  selectUser,
  sessionReducer,
  setUser,
} from './session-slice';
export {
  adoptLanguage,
  decodeTokenClaims,
  endSession,
  isSessionValid,
  loadSession,
  openLiveConnection,
  type SignInArgs,
  signIn,
  signOut,
} from './session-steps';
