import { API, type Language, USERS_API, type User } from '@atelier/contract';
import { api } from '../../lib/api';
import { loadContractParsers } from '../../lib/load-contract-parsers';

export type SignInBody = { email: string; password: string };

/**
 * The session's server calls (docs/product.md#server-calls). Responses are parsed with the
 * contract's schemas, loaded on demand (lib/contract-parsers.ts) so a first visit to /app/login
 * does not download zod before it shows anything. Reporting a failure is the caller's: the
 * session thunks decide which failures the person hears about.
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/users/me: the signed-in user. */
    currentUser: build.query<User, void>({
      query: () => API.me,
      transformResponse: async (body: unknown) =>
        (await loadContractParsers()).parseUserDocument(body),
      providesTags: ['User'],
    }),
    /** POST /api/v1/users/sign_in: the new token (`data.jwt`). */
    signIn: build.mutation<string, SignInBody>({
      query: ({ email, password }) => ({
        url: API.signIn,
        method: 'POST',
        data: { auth: { email, password } },
        // Wrong credentials answer 401: that is the form's business, not a session expiry.
        skipSessionExpiry: true,
      }),
      transformResponse: async (body: unknown) =>
        (await loadContractParsers()).parseSignInJwt(body),
    }),
    /**
     * PUT /api/v1/users/{id} with only `locale`: gives an account that has no language of its own
     * the one its owner was using as a guest (at sign-in). Answers the updated user.
     */
    saveLanguage: build.mutation<User, { userId: string; locale: Language }>({
      query: ({ userId, locale }) => ({
        url: USERS_API.user(userId),
        method: 'PUT',
        data: { user: { locale } },
      }),
      transformResponse: async (body: unknown) =>
        (await loadContractParsers()).parseUserDocument(body),
    }),
    /** DELETE /api/v1/users/sign_out: revokes the token. */
    signOut: build.mutation<void, void>({
      query: () => ({ url: API.signOut, method: 'DELETE', skipSessionExpiry: true }),
    }),
  }),
});
