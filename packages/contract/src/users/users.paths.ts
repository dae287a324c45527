/** API paths of users and their sessions (docs/architecture.md#sessions). */
export const USERS_API = {
  signIn: '/api/v1/users/sign_in',
  signOut: '/api/v1/users/sign_out',
  me: '/api/v1/users/me',
  /** POST: register (the accounts module). */
  users: '/api/v1/users',
  user: (id: string | number) => `/api/v1/users/${id}`,
  /** GET ?keyword&exceptions&role&page (teachers and admins). */
  search: '/api/v1/users/search',
} as const;
