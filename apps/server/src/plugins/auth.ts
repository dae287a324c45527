import type { Role } from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/app-error';
import {
  createSessionService,
  type Session,
  type SessionService,
} from '../modules/users/session.service';
import { isPastHalfLife, sessionInvalid } from '../modules/users/session-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues, verifies and revokes session tokens (modules/users/session.service.ts). */
    sessions: SessionService;
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
 * token is past half its life, the response carries a fresh one in `Authorization` (SPEC §7).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    const sessions = await createSessionService({
      db: app.db,
      secret: opts.secret,
      pubsub: app.pubsub,
    });
    app.decorate('sessions', sessions);
    app.addHook('onClose', () => sessions.close());
    app.decorateRequest('session', null);
    app.decorateRequest('sessionError', null);

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (header === undefined) return;
      const token = BEARER.exec(header)?.[1];
      if (!token) {
        request.sessionError = sessionInvalid();
        return;
      }
      try {
        request.session = await sessions.verifySessionToken(token);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.sessionError = error;
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      // A route that ends the session (sign-out) sets request.session to null: no fresh token then.
      const session = request.session;
      if (session && isPastHalfLife(session.claims)) {
        const jwt = await sessions.issueSessionToken(session.user);
        reply.header('authorization', `Bearer ${jwt}`);
        // The SPA is same-origin, but a client on another origin may read the header only if told.
        reply.header('access-control-expose-headers', 'Authorization');
      }
      return payload;
    });
  },
  { name: 'auth' },
);

/** preHandler: 401 unless the request carries a valid session. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.session) throw request.sessionError ?? unauthorized('Please sign in.');
}

/** preHandler: 401 for a guest, 403 for a user whose role is not one of `roles`. */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
    const role = request.session?.user.role;
    if (!role || !roles.includes(role)) {
      throw forbidden('Your account is not allowed to do that.');
    }
  };
}

/** The session of a route guarded by requireUser / requireRole. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw request.sessionError ?? unauthorized('Please sign in.');
  return request.session;
}
