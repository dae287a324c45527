import type { SessionClaims } from '@atelier/contract';
import type { SessionUser } from './users.repository';

/**
 * A signed-in session: the user as loaded for this request, its token's claims, and the family
 * account the user acts for (decision 071): their own id, or the family's when they are its
 * second guardian. Routes turn it into a scope through `viewerOf` (lib/http.ts), nowhere else.
 */
export type Session = { user: SessionUser; claims: SessionClaims; familyId: number };

export type { FamilyOfSql } from './users.repository';
