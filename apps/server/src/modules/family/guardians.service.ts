import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptGuardianResponse,
  GUARDIAN_INVITATION_TTL_HOURS,
  GUARDIANS_MESSAGES,
  type GuardianDocument,
  type GuardianListDocument,
  type GuardianRefusal,
  type GuardianResource,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import type { Viewer } from '../../lib/http';
import { isUniqueViolation } from '../../lib/pg-errors';
import { rateLimited } from '../../plugins/rate-limit';
import {
  attendeeProfilesOfUser,
  type DbExecutor,
  type Person,
  peopleByIds,
  type SessionUser,
  userByEmail,
} from '../users';
import type { GuardiansContext } from './guardians.context';
import {
  deleteGuardianRow,
  type FamilyGuardianRow,
  findFamilyOfGuardian,
  findGuardianOfFamilyByEmail,
  findGuardianRow,
  findInvitationByTokenHash,
  guardianRowsOfFamily,
  guardianUserIdsOfFamily,
  insertGuardianInvitation,
  markInvitationAccepted,
  renewGuardianInvitation,
} from './guardians.repository';

// Second guardians (docs/product.md#second-guardians, decision 071). A family is still one
// account (the account holder's user id keys every family row); a guardian is another user who
// acts for it. Who acts for which family is answered here, and only here: the session lookup
// embeds `familyOfGuardianSql` (through the auth plugin), notifications ask `familyRecipientsOf`, mail asks
// `familyMailCopies`.

const HOUR_MS = 3_600_000;
const newToken = () => randomBytes(32).toString('base64url');
const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The family a user is an accepted guardian of, as SQL for the session lookup (users module). */
export { familyOfGuardianSql } from './guardians.repository';

/** The family a user acts for: the one they are an accepted guardian of, else their own. */
export async function familyActedForBy(executor: DbExecutor, userId: number): Promise<number> {
  return (await findFamilyOfGuardian(executor, userId)) ?? userId;
}

/** Who hears of what happens to a family: the family account and its guardians. */
export async function familyRecipientsOf(db: Db, userId: number): Promise<number[]> {
  return [userId, ...(await guardianUserIdsOfFamily(db, userId))];
}

/** Given a family account's address, its guardians' addresses (none for any other address). */
export async function familyMailCopies(executor: DbExecutor, address: string): Promise<string[]> {
  const family = await userByEmail(executor, address);
  if (family?.role !== 'student') return [];
  const ids = await guardianUserIdsOfFamily(executor, family.id);
  if (ids.length === 0) return [];
  const people = await peopleByIds(executor, ids);
  return [...people.values()].map((person) => person.email);
}

const refusal = (
  code: 'forbidden' | 'conflict' | 'gone' | 'not_found',
  reason: GuardianRefusal,
  detail: string,
) => new AppError(code, detail, { reason });

/** Guardians are a family's: staff accounts have no family to share. */
function assertFamily(viewer: Viewer): void {
  if (viewer.role !== 'student') throw forbidden(GUARDIANS_MESSAGES.staffCannotInvite);
}

function statusOf(row: FamilyGuardianRow, now: Date): GuardianResource['attributes']['status'] {
  if (row.acceptedAt) return 'accepted';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

function guardianResource(
  row: FamilyGuardianRow,
  people: Map<number, Person>,
  viewerUserId: number,
  now: Date,
): GuardianResource {
  const person = row.guardianUserId === null ? undefined : people.get(row.guardianUserId);
  return {
    id: String(row.id),
    type: 'family_guardians',
    attributes: {
      email: person?.email ?? row.email,
      name: person?.name ?? null,
      status: statusOf(row, now),
      is_you: row.guardianUserId === viewerUserId,
      invited_at: row.invitedAt.toISOString(),
      accepted_at: row.acceptedAt?.toISOString() ?? null,
      expires_at: row.expiresAt.toISOString(),
    },
  };
}

/** GET /api/v1/family/guardians: the account holder (meta), its guardians and invitations. */
export async function listGuardians(
  ctx: GuardiansContext,
  viewer: Viewer,
): Promise<GuardianListDocument> {
  assertFamily(viewer);
  const rows = await guardianRowsOfFamily(ctx.db, viewer.id);
  const people = await peopleByIds(ctx.db, [
    viewer.id,
    ...rows.flatMap((r) => (r.guardianUserId === null ? [] : [r.guardianUserId])),
  ]);
  const holder = people.get(viewer.id);
  if (!holder) throw notFound('Family');
  const me = viewer.userId ?? viewer.id;
  const now = ctx.now();
  return {
    data: rows.map((row) => guardianResource(row, people, me, now)),
    meta: {
      account_holder: {
        id: String(holder.id),
        name: holder.name,
        email: holder.email,
        is_you: holder.id === me,
      },
    },
  };
}

/**
 * POST /api/v1/family/guardians: mails `email` a link to become a guardian of the viewer's
 * family. Either guardian may invite. An expired invitation to the same address is renewed.
 */
export async function inviteGuardian(
  ctx: GuardiansContext,
  viewer: Viewer,
  email: string,
): Promise<GuardianDocument> {
  assertFamily(viewer);
  const me = viewer.userId ?? viewer.id;
  const people = await peopleByIds(ctx.db, [viewer.id, me]);
  const holder = people.get(viewer.id);
  const inviter = people.get(me);
  if (!holder || !inviter) throw notFound('Family');
  if (email === holder.email || email === inviter.email) {
    throw new ValidationError([{ field: 'email', detail: GUARDIANS_MESSAGES.ownAddress }]);
  }
  const hit = await ctx.invites.hit(String(viewer.id));
  if (!hit.allowed) throw rateLimited(hit.retryAfterS, 'guardian invitations');
  const now = ctx.now();
  const token = newToken();
  const values = {
    tokenHash: digest(token),
    invitedBy: me,
    invitedAt: now,
    expiresAt: new Date(now.getTime() + GUARDIAN_INVITATION_TTL_HOURS * HOUR_MS),
  };
  const taken = () =>
    new ValidationError([{ field: 'email', detail: GUARDIANS_MESSAGES.alreadyInvited }]);
  let row: FamilyGuardianRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const existing = await findGuardianOfFamilyByEmail(tx, viewer.id, email);
      if (existing && statusOf(existing, now) !== 'expired') throw taken();
      const saved = existing
        ? await renewGuardianInvitation(tx, existing.id, values)
        : await insertGuardianInvitation(tx, { familyUserId: viewer.id, email, ...values });
      if (!saved) throw taken();
      await ctx.mailer.queue(tx, {
        to: email,
        locale: inviter.locale ?? 'en',
        template: 'guardian_invitation',
        params: { inviter: inviter.name, token },
      });
      return saved;
    });
  } catch (error) {
    // Two invitations of the same address at once: the unique index decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  ctx.mailer.wake();
  return { data: guardianResource(row, new Map(), me, now) };
}

/**
 * POST /api/v1/family/guardians/accept: the signed-in user becomes a guardian of the inviting
 * family. The account must be signed in with the invited address, be a family account with no
 * family of its own (no family members: an account that has children keeps them and cannot join,
 * decision 071), and not already act for or share a family.
 */
export async function acceptGuardianInvitation(
  ctx: GuardiansContext,
  user: Pick<SessionUser, 'id' | 'role' | 'email'>,
  token: string,
): Promise<AcceptGuardianResponse> {
  const now = ctx.now();
  const familyUserId = await ctx.db
    .transaction(async (tx) => {
      const row = await findInvitationByTokenHash(tx, digest(token));
      if (!row) throw refusal('not_found', 'invalid', GUARDIANS_MESSAGES.invalidToken);
      if (row.acceptedAt) throw refusal('gone', 'used', GUARDIANS_MESSAGES.usedToken);
      if (row.expiresAt <= now) throw refusal('gone', 'expired', GUARDIANS_MESSAGES.expiredToken);
      if (user.role !== 'student') {
        throw refusal('forbidden', 'staff', GUARDIANS_MESSAGES.staffCannotAccept);
      }
      if (user.email !== row.email || user.id === row.familyUserId) {
        throw refusal('forbidden', 'other_address', GUARDIANS_MESSAGES.otherAddress);
      }
      if ((await findFamilyOfGuardian(tx, user.id)) !== undefined) {
        throw refusal('conflict', 'already_guardian', GUARDIANS_MESSAGES.alreadyGuardian);
      }
      if ((await guardianUserIdsOfFamily(tx, user.id)).length > 0) {
        throw refusal('conflict', 'has_guardians', GUARDIANS_MESSAGES.hasGuardians);
      }
      if ((await attendeeProfilesOfUser(tx, user.id)).length > 0) {
        throw refusal('conflict', 'has_family', GUARDIANS_MESSAGES.hasFamily);
      }
      await markInvitationAccepted(tx, row.id, user.id, now);
      return row.familyUserId;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw refusal('conflict', 'already_guardian', GUARDIANS_MESSAGES.alreadyGuardian);
      }
      throw error;
    });
  // From the next request on, this user's session acts for the family.
  ctx.forgetUser(user.id);
  const family = (await peopleByIds(ctx.db, [familyUserId])).get(familyUserId);
  return { data: { family_id: String(familyUserId), family_name: family?.name ?? '' } };
}

/**
 * DELETE /api/v1/family/guardians/{id}: cancels an invitation, removes a guardian's access, or
 * (one's own row) leaves the family. Only access goes: no family member, booking or entry is
 * touched, they are all keyed by the family account. Someone else's row is "not found".
 */
export async function removeGuardian(
  ctx: GuardiansContext,
  viewer: Viewer,
  id: number,
): Promise<void> {
  assertFamily(viewer);
  const row = await findGuardianRow(ctx.db, id);
  if (!row || row.familyUserId !== viewer.id) throw notFound('Guardian');
  if (!(await deleteGuardianRow(ctx.db, id))) throw notFound('Guardian');
  // The removed guardian's cached session still names the family: drop it so access ends with
  // this answer on this process (other processes: within the session cache's TTL).
  if (row.guardianUserId !== null) ctx.forgetUser(row.guardianUserId);
}
