import { APP_BASE } from '../app.paths';
import { USERS_API } from '../users/users.paths';

/** API paths of the accounts module (registration, tokens, settings, search). */
export const ACCOUNTS_API = {
  /** POST {user, query}: register. */
  register: USERS_API.users,
  /** GET: check / PUT: confirm (and sign in with) a registration token. */
  userToken: (token: string) => `/api/v1/user_token/${token}`,
  /** POST {email}: send a new confirmation link (answers the same whether or not it exists). */
  resendConfirmation: '/api/v1/user_token',
  /** POST: send a new confirmation link to the owner of an expired or used registration token. */
  resendConfirmationForToken: (token: string) => `/api/v1/user_token/${token}/resend`,
  /** POST {email}: request a reset link. */
  passwordResets: '/api/v1/password_resets',
  /** GET: check / PUT {password}: set the new password and sign in. */
  passwordReset: (token: string) => `/api/v1/password_resets/${token}`,
  /** PUT multipart: name, timezone, locale, class_reminders, avatar, remove_avatar. */
  user: USERS_API.user,
  /** PUT {email, current_password}: mails a confirmation link to the new address. */
  userEmail: (id: string | number) => `/api/v1/users/${id}/email`,
  /** PUT: applies an e-mail change from the mailed link (no session needed). */
  emailToken: (token: string) => `/api/v1/users/email_token/${token}`,
  /** PUT {current_password, password}. */
  userPassword: (id: string | number) => `/api/v1/users/${id}/password`,
  /** GET ?keyword&exceptions&role&page (teachers and admins). */
  usersSearch: USERS_API.search,
} as const;

/**
 * The SPA pages that mailed links open, relative to APP_BASE. The server builds mail links from
 * these with APP_URL, so the web routes and the links cannot drift apart.
 */
export const ACCOUNT_PAGES = {
  register: '/register',
  checkEmail: '/register/check_email',
  confirm: (token: string) => `/register/${token}`,
  complete: (token: string) => `/register/complete/${token}`,
  login: '/login',
  passwordResetRequest: '/password_reset/',
  passwordReset: (token: string) => `/password_reset/${token}`,
  /** Account settings applies `email_token` from the query with PUT API emailToken. */
  emailChange: (token: string) => `/account_settings/email/${encodeURIComponent(token)}`,
  accountSettings: '/account_settings',
} as const;

/** An absolute link to an SPA page, e.g. `appLink('https://x.test', ACCOUNT_PAGES.login)`. */
export const appLink = (appUrl: string, page: string) =>
  `${appUrl.replace(/\/$/, '')}${APP_BASE}${page}`;
