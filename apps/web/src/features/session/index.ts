// The session feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export { LoginForm, signInFailure, type UnconfirmedNotice } from './components/login-form';
export { type SignInBody, sessionApi } from './session-api';
export {
  adoptLanguage,
  clearUser,
  decodeTokenClaims,
  endSession,
  initialSessionState,
  isSessionValid,
  loadSession,
  openLiveConnection,
  type SessionState,
  type SessionStatus,
  type SignInArgs,
  selectIsLoggedIn,
  selectRole,
  selectSessionStatus,
  selectUser,
  sessionReducer,
  setUser,
  signIn,
  signOut,
} from './session-slice';
