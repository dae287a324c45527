import type { SessionClaims } from '@atelier/contract';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { SessionUser } from './users.repository';

/**
 * A signed-in session: the user as loaded for this request, its token's claims, and the family
 * account the user acts for (decision 071): their own id, or the family's when they are its
 * second guardian. Routes turn it into a scope through `viewerOf` (lib/http.ts), nowhere else.
 */
export type Session = { user: SessionUser; claims: SessionClaims; familyId: number };

/**
 * SQL for the family a user (the outer query's `userId` column) is an accepted second guardian
 * of, or null. The family module writes it (it owns the guardian links) and app.ts hands it to the
 * auth plugin, so the session lookup stays one statement per token.
 */
export type FamilyOfSql = (userId: SQLWrapper) => SQL<number | null>;
