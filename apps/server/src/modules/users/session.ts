import type { SessionClaims } from '@atelier/contract';
import type { SessionUser } from './users.repository';

/** A signed-in session: the user as loaded for this request, and its token's claims. */
export type Session = { user: SessionUser; claims: SessionClaims };
