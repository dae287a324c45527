import { and, eq, isNotNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbExecutor } from '../users';
import { type FamilyGuardianRow, familyGuardians } from './family.tables';

// The family_guardians table (decision 071): invitations and accepted second guardians.

export type { FamilyGuardianRow };

export async function insertGuardianInvitation(
  executor: DbExecutor,
  values: {
    familyUserId: number;
    email: string;
    tokenHash: string;
    invitedBy: number;
    invitedAt: Date;
    expiresAt: Date;
  },
): Promise<FamilyGuardianRow> {
  const [row] = await executor.insert(familyGuardians).values(values).returning();
  if (!row) throw new Error('family_guardians insert returned no row');
  return row;
}

/** A lapsed invitation to the same address gets a fresh link instead of a second row. */
export async function renewGuardianInvitation(
  executor: DbExecutor,
  id: number,
  values: { tokenHash: string; invitedBy: number; invitedAt: Date; expiresAt: Date },
): Promise<FamilyGuardianRow | undefined> {
  const [row] = await executor
    .update(familyGuardians)
    .set(values)
    .where(eq(familyGuardians.id, id))
    .returning();
  return row;
}

export async function findGuardianOfFamilyByEmail(
  executor: DbExecutor,
  familyUserId: number,
  email: string,
): Promise<FamilyGuardianRow | undefined> {
  const [row] = await executor
    .select()
    .from(familyGuardians)
    .where(and(eq(familyGuardians.familyUserId, familyUserId), eq(familyGuardians.email, email)))
    .limit(1);
  return row;
}

/** Every row of the family, oldest invitation first (a family has a handful at most). */
export function guardianRowsOfFamily(
  executor: DbExecutor,
  familyUserId: number,
): Promise<FamilyGuardianRow[]> {
  return executor
    .select()
    .from(familyGuardians)
    .where(eq(familyGuardians.familyUserId, familyUserId))
    .orderBy(familyGuardians.invitedAt, familyGuardians.id);
}

/** The invitation a token proves, locked for the acceptance's transaction. */
export async function findInvitationByTokenHash(
  executor: DbExecutor,
  tokenHash: string,
): Promise<FamilyGuardianRow | undefined> {
  const [row] = await executor
    .select()
    .from(familyGuardians)
    .where(eq(familyGuardians.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return row;
}

/** Accepting spends the token: the link works once (the hash stays, to answer "already used"). */
export async function markInvitationAccepted(
  executor: DbExecutor,
  id: number,
  guardianUserId: number,
  at: Date,
): Promise<void> {
  await executor
    .update(familyGuardians)
    .set({ guardianUserId, acceptedAt: at })
    .where(eq(familyGuardians.id, id));
}

export async function findGuardianRow(
  executor: DbExecutor,
  id: number,
): Promise<FamilyGuardianRow | undefined> {
  const [row] = await executor
    .select()
    .from(familyGuardians)
    .where(eq(familyGuardians.id, id))
    .limit(1);
  return row;
}

export async function deleteGuardianRow(executor: DbExecutor, id: number): Promise<boolean> {
  const rows = await executor
    .delete(familyGuardians)
    .where(eq(familyGuardians.id, id))
    .returning({ id: familyGuardians.id });
  return rows.length > 0;
}

/** The family a user is an accepted guardian of, if any: the resolver's one query. */
export async function findFamilyOfGuardian(
  executor: DbExecutor,
  guardianUserId: number,
): Promise<number | undefined> {
  const [row] = await executor
    .select({ familyUserId: familyGuardians.familyUserId })
    .from(familyGuardians)
    .where(eq(familyGuardians.guardianUserId, guardianUserId))
    .limit(1);
  return row?.familyUserId;
}

/** The accepted guardians' user ids of a family. */
export async function guardianUserIdsOfFamily(
  executor: DbExecutor,
  familyUserId: number,
): Promise<number[]> {
  const rows = await executor
    .select({ id: familyGuardians.guardianUserId })
    .from(familyGuardians)
    .where(
      and(
        eq(familyGuardians.familyUserId, familyUserId),
        isNotNull(familyGuardians.guardianUserId),
      ),
    );
  return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
}

/**
 * The resolver's SQL: the family the user in `userId` (a column of the caller's query) is an
 * accepted guardian of, or null. The users module puts it into its one session lookup.
 */
export const familyOfGuardianSql = (userId: SQLWrapper): SQL<number | null> => {
  // Written with an alias: in a select from one table drizzle leaves column names unqualified,
  // and an unqualified "id" inside this subquery would be family_guardians' own.
  const fg = sql.identifier('fg');
  const column = (c: { name: string }) => sql`${fg}.${sql.identifier(c.name)}`;
  return sql<
    number | null
  >`(select ${column(familyGuardians.familyUserId)} from ${familyGuardians} as ${fg} where ${column(familyGuardians.guardianUserId)} = ${userId})`;
};

/**
 * Deletes every guardian link in which the user is the family or the guardian, and the
 * invitations the family sent (docs/decisions/072-a-familys-data-is-theirs.md): the user row is
 * kept (anonymised) when an account is deleted, so its ON DELETE CASCADE never fires. Returns,
 * of the family's own rows, the guardians' user ids (their sessions and exports acted for this
 * family) and every invited address (the family's mail was copied or its invitation sent there).
 */
export async function eraseGuardianLinksOf(
  executor: DbExecutor,
  userId: number,
): Promise<{ guardianIds: number[]; addresses: string[] }> {
  const rows = await executor
    .delete(familyGuardians)
    .where(or(eq(familyGuardians.familyUserId, userId), eq(familyGuardians.guardianUserId, userId)))
    .returning({
      family: familyGuardians.familyUserId,
      guardian: familyGuardians.guardianUserId,
      email: familyGuardians.email,
    });
  const own = rows.filter((r) => r.family === userId);
  return {
    guardianIds: own.flatMap((r) => (r.guardian === null ? [] : [r.guardian])),
    addresses: own.map((r) => r.email),
  };
}
