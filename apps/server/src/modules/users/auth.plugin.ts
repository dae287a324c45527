import type { Role } from '@atelier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../../lib/app-error';
import type { FamilyOfSql } from './session';
import {
  cachedSession,
  issueSessionToken,
  type Session,
  type SessionsPort,
  sessionsContextOf,
  sessionsPort,
  verifySessionToken,
} from './session.service';
import { isPastHalfLife, sessionInvalid } from './session-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues, verifies and revokes session tokens (modules/users/session.service.ts). */
    sessions: SessionsPort;
  }
  interface FastifyRequest {
    /** The session proved by the `Authorization: Bearer` header, or null for a guest. */
    session: Session | null;
    /** Why a bearer token sent with this request was refused; requireUser answers with it. */
    sessionError: AppError | null;
  }
}

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

/**
 * Resolves `request.session` from the bearer token of every request that sends one (a refused
 * token leaves a guest: public routes still answer, protected ones say why with a 401). When the
 * token is past half its life, the response carries a fresh one in `Authorization` (docs/product.md#server-calls).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string; familyOfSql?: FamilyOfSql }) => {
    const ctx = await sessionsContextOf({
      db: app.db,
      secret: opts.secret,
      ...(opts.familyOfSql ? { familyOfSql: opts.familyOfSql } : {}),
      pubsub: app.pubsub,
      rateLimits: app.rateLimits,
    });
    app.decorate('sessions', sessionsPort(ctx));
    app.addHook('onClose', () => ctx.unsubscribe());
    app.decorateRequest('session', null);
    app.decorateRequest('sessionError', null);

    // Callback hooks, not async ones: on the hot path (a cached token, no refresh due) they finish
    // without a promise, which a cheap request such as GET /api/v1/users/me notices.
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers.authorization;
      if (header === undefined) return done();
      const token = BEARER.exec(header)?.[1];
      if (!token) {
        request.sessionError = sessionInvalid();
        return done();
      }
      const cached = cachedSession(ctx, token);
      if (cached) {
        request.session = cached;
        return done();
      }
      verifySessionToken(ctx, token).then(
        (session) => {
          request.session = session;
          done();
        },
        (error: unknown) => {
          if (!(error instanceof AppError)) return done(error as Error);
          request.sessionError = error;
          done();
        },
      );
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      // A route that ends the session (sign-out) sets request.session to null: no fresh token then.
      const session = request.session;
      if (!session || !isPastHalfLife(session.claims)) return done(null, payload);
      issueSessionToken(ctx, session.user).then(
        (jwt) => {
          reply.header('authorization', `Bearer ${jwt}`);
          // The SPA is same-origin, but a client on another origin may read the header only if told.
          reply.header('access-control-expose-headers', 'Authorization');
          done(null, payload);
        },
        (error: unknown) => done(error as Error),
      );
    });
  },
  { name: 'auth', dependencies: ['db', 'pubsub'] },
);

/**
 * A guard hook in callback style: the check is synchronous (auth's onRequest hook already
 * resolved the session), and a callback hook costs a request no promise.
 *
 * Routes attach guards at onRequest (`onRequest: requireUser` in the route's options, or
 * `app.addHook('onRequest', requireUser)` for a whole plugin): authorization comes before the
 * body is parsed or validated, so whoever may not call a route gets 401 or 403 and learns
 * nothing about the body (never a 422), and a guest's upload is never read
 * (docs/architecture.md#http-contract).
 */
type GuardHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: AppError) => void,
) => void;

const guestError = (request: FastifyRequest) =>
  request.sessionError ?? unauthorized('Please sign in.');

/** onRequest guard: 401 unless the request carries a valid session. */
export const requireUser: GuardHook = (request, _reply, done) => {
  done(request.session ? undefined : guestError(request));
};

/** onRequest guard: 401 for a guest, 403 for a user whose role is not one of `roles`. */
export function requireRole(...roles: Role[]): GuardHook {
  const guard: GuardHook = (request, _reply, done) => {
    const role = request.session?.user.role;
    if (!role) return done(guestError(request));
    done(roles.includes(role) ? undefined : forbidden('Your account is not allowed to do that.'));
  };
  // Named after its roles, so Fastify's route listing (printRoutes) says who may call a route.
  return Object.defineProperty(guard, 'name', { value: `requireRole(${roles.join(',')})` });
}

/** The session of a route guarded by requireUser / requireRole. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw guestError(request);
  return request.session;
}
