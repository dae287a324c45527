import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { DbExecutor } from '../users';
import { agreementSignatures, agreements, agreementVersions } from './agreements.tables';

// The only code that touches the agreements tables. There is deliberately no UPDATE of
// agreement_versions: a published version never changes (docs/decisions/070-agreements.md).

export type AgreementRow = typeof agreements.$inferSelect;
export type VersionRow = typeof agreementVersions.$inferSelect;
export type SignatureRow = typeof agreementSignatures.$inferSelect;

export async function insertAgreement(
  db: DbExecutor,
  values: typeof agreements.$inferInsert,
): Promise<AgreementRow> {
  const [row] = await db.insert(agreements).values(values).returning();
  if (!row) throw new Error('agreement not inserted');
  return row;
}

export function allAgreements(db: DbExecutor): Promise<AgreementRow[]> {
  return db.select().from(agreements).orderBy(asc(agreements.title), asc(agreements.id));
}

export async function agreementById(db: DbExecutor, id: number): Promise<AgreementRow | undefined> {
  const [row] = await db.select().from(agreements).where(eq(agreements.id, id));
  return row;
}

/** The versions of these agreements (all, when `ids` is undefined), newest first. */
export function versionsOf(db: DbExecutor, ids?: readonly number[]): Promise<VersionRow[]> {
  if (ids && ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(agreementVersions)
    .where(ids ? inArray(agreementVersions.agreementId, [...ids]) : undefined)
    .orderBy(desc(agreementVersions.version));
}

/**
 * Publishes the agreement's next version. The agreement row is locked first, so two publishers
 * number their versions one after the other; the unique (agreement_id, version) is the last word.
 */
export function insertNextVersion(
  db: Db,
  agreementId: number,
  body: string,
  publishedById: number,
): Promise<VersionRow | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: agreements.id })
      .from(agreements)
      .where(eq(agreements.id, agreementId))
      .for('update');
    if (!locked) return undefined;
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${agreementVersions.version}), 0)::int` })
      .from(agreementVersions)
      .where(eq(agreementVersions.agreementId, agreementId));
    const [row] = await tx
      .insert(agreementVersions)
      .values({ agreementId, version: (last?.version ?? 0) + 1, body, publishedById })
      .returning();
    return row;
  });
}

export async function versionById(
  db: DbExecutor,
  id: number,
): Promise<{ version: VersionRow; agreement: AgreementRow } | undefined> {
  const [row] = await db
    .select({ version: agreementVersions, agreement: agreements })
    .from(agreementVersions)
    .innerJoin(agreements, eq(agreements.id, agreementVersions.agreementId))
    .where(eq(agreementVersions.id, id));
  return row;
}

/**
 * Records a signature unless the same version is already signed (and not withdrawn) for the same
 * family or child: the partial unique indexes decide between two signs at once. The live
 * signature either way, and whether this call made it.
 */
export async function insertSignature(
  db: DbExecutor,
  values: typeof agreementSignatures.$inferInsert,
): Promise<{ row: SignatureRow; created: boolean }> {
  const [inserted] = await db
    .insert(agreementSignatures)
    .values(values)
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(agreementSignatures)
    .where(
      and(
        eq(agreementSignatures.agreementVersionId, values.agreementVersionId),
        isNull(agreementSignatures.withdrawnAt),
        values.attendeeProfileId == null
          ? and(isNull(agreementSignatures.attendeeProfileId), holderIs(values))
          : eq(agreementSignatures.attendeeProfileId, values.attendeeProfileId),
      ),
    );
  if (!existing) throw new Error('signature neither inserted nor found');
  return { row: existing, created: false };
}

export async function signatureById(
  db: DbExecutor,
  id: number,
): Promise<{ signature: SignatureRow; version: VersionRow; agreement: AgreementRow } | undefined> {
  const [row] = await db
    .select({ signature: agreementSignatures, version: agreementVersions, agreement: agreements })
    .from(agreementSignatures)
    .innerJoin(agreementVersions, eq(agreementVersions.id, agreementSignatures.agreementVersionId))
    .innerJoin(agreements, eq(agreements.id, agreementSignatures.agreementId))
    .where(eq(agreementSignatures.id, id));
  return row;
}

/** Retires the agreement (once: a second retirement keeps the first time); false if none. */
export async function markRetired(db: DbExecutor, id: number, at: Date): Promise<boolean> {
  await db
    .update(agreements)
    .set({ retiredAt: at })
    .where(and(eq(agreements.id, id), isNull(agreements.retiredAt)));
  return (await agreementById(db, id)) !== undefined;
}

/** Marks the signature withdrawn (once: a second withdrawal keeps the first time). */
export async function markWithdrawn(db: DbExecutor, id: number, at: Date): Promise<void> {
  await db
    .update(agreementSignatures)
    .set({ withdrawnAt: at })
    .where(and(eq(agreementSignatures.id, id), isNull(agreementSignatures.withdrawnAt)));
}

/** Every signature of the agreement with its version number, newest first. */
export function signaturesOfAgreement(
  db: DbExecutor,
  agreementId: number,
): Promise<{ signature: SignatureRow; version: VersionRow }[]> {
  return db
    .select({ signature: agreementSignatures, version: agreementVersions })
    .from(agreementSignatures)
    .innerJoin(agreementVersions, eq(agreementVersions.id, agreementSignatures.agreementVersionId))
    .where(eq(agreementSignatures.agreementId, agreementId))
    .orderBy(desc(agreementSignatures.signedAt), desc(agreementSignatures.id));
}

/** The family's signatures not withdrawn, with their version numbers, newest first. */
export function liveSignaturesOfFamily(
  db: DbExecutor,
  familyUserId: number,
): Promise<{ signature: SignatureRow; version: number }[]> {
  return db
    .select({ signature: agreementSignatures, version: agreementVersions.version })
    .from(agreementSignatures)
    .innerJoin(agreementVersions, eq(agreementVersions.id, agreementSignatures.agreementVersionId))
    .where(
      and(
        eq(agreementSignatures.familyUserId, familyUserId),
        isNull(agreementSignatures.withdrawnAt),
      ),
    )
    .orderBy(desc(agreementVersions.version), desc(agreementSignatures.signedAt));
}

/**
 * SQL: the student's work is kept within the family whatever visibility the family chose, because
 * the school has published a media release the student has no live (not withdrawn) signature of,
 * in any version. A new version is due at the next sign-in and booking but does not withdraw
 * consent already given; a withdrawal does, at once (docs/decisions/070-agreements.md). The
 * gallery embeds it beside the student's visibility (privacy.repository.ts).
 */
export function mediaReleaseWithheld(student: SQLWrapper): SQL {
  const published = sql`exists (select 1 from ${agreementVersions} where ${agreementVersions.agreementId} = ${agreements.id})`;
  const live = sql`${agreements.retiredAt} is null`;
  const signed = sql`exists (select 1 from ${agreementSignatures} where ${agreementSignatures.agreementId} = ${agreements.id} and ${agreementSignatures.attendeeProfileId} = ${student} and ${agreementSignatures.withdrawnAt} is null)`;
  return sql`exists (select 1 from ${agreements} where ${agreements.kind} = 'media_release' and ${live} and ${published} and not ${signed})`;
}

/** Media release agreements with a published version (their current one), for the visibility rule. */
export async function publishedMediaReleases(
  db: DbExecutor,
): Promise<{ agreement: AgreementRow; version: VersionRow }[]> {
  const rows = await db
    .select({ agreement: agreements, version: agreementVersions })
    .from(agreements)
    .innerJoin(agreementVersions, eq(agreementVersions.agreementId, agreements.id))
    .where(and(eq(agreements.kind, 'media_release'), isNull(agreements.retiredAt)))
    .orderBy(asc(agreements.id), desc(agreementVersions.version));
  return firstPerAgreement(rows);
}

/** Agreements in use (not retired) that meet `condition`, each with its current version. */
async function inUseWithCurrentVersion(
  db: DbExecutor,
  condition: SQL,
): Promise<{ agreement: AgreementRow; version: VersionRow }[]> {
  const rows = await db
    .select({ agreement: agreements, version: agreementVersions })
    .from(agreements)
    .innerJoin(agreementVersions, eq(agreementVersions.agreementId, agreements.id))
    .where(and(condition, isNull(agreements.retiredAt)))
    .orderBy(asc(agreements.title), asc(agreements.id), desc(agreementVersions.version));
  return firstPerAgreement(rows);
}

/** Agreements required before booking with their current version (unpublished ones ask nothing). */
export function requiredBeforeBooking(
  db: DbExecutor,
): Promise<{ agreement: AgreementRow; version: VersionRow }[]> {
  return inUseWithCurrentVersion(db, eq(agreements.requiredBeforeBooking, true));
}

/** These agreements, when in use and published, with their current version. */
export function inUseAgreementsByIds(
  db: DbExecutor,
  ids: readonly number[],
): Promise<{ agreement: AgreementRow; version: VersionRow }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return inUseWithCurrentVersion(db, inArray(agreements.id, [...ids]));
}

/** Whom a signature is for: a family account, or a walk-in who signed on paper at the desk. */
export type SignatureHolder = { familyUserId: number } | { guestCustomerId: number };

/** SQL: the signature is for this family or walk-in (its own, or one of its children's). */
function holderIs(holder: { familyUserId?: number | null; guestCustomerId?: number | null }): SQL {
  if (holder.familyUserId != null) return eq(agreementSignatures.familyUserId, holder.familyUserId);
  if (holder.guestCustomerId != null) {
    return eq(agreementSignatures.guestCustomerId, holder.guestCustomerId);
  }
  throw new Error('a signature is for a family or a walk-in');
}

/** The live signatures of these versions for the holder itself or any of these attendees. */
export function liveSignaturesOfVersions(
  db: DbExecutor,
  versionIds: readonly number[],
  holder: SignatureHolder,
  attendeeIds: readonly number[],
): Promise<SignatureRow[]> {
  if (versionIds.length === 0) return Promise.resolve([]);
  const forFamily = and(isNull(agreementSignatures.attendeeProfileId), holderIs(holder));
  const forChildren =
    attendeeIds.length > 0
      ? inArray(agreementSignatures.attendeeProfileId, [...attendeeIds])
      : undefined;
  return db
    .select()
    .from(agreementSignatures)
    .where(
      and(
        inArray(agreementSignatures.agreementVersionId, [...versionIds]),
        isNull(agreementSignatures.withdrawnAt),
        forChildren ? or(forFamily, forChildren) : forFamily,
      ),
    );
}

function firstPerAgreement<T extends { agreement: AgreementRow }>(rows: T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((row) => {
    if (seen.has(row.agreement.id)) return false;
    seen.add(row.agreement.id);
    return true;
  });
}

/**
 * The history join (docs/decisions/082-paper-agreements-at-the-desk.md): what these walk-ins
 * signed on paper becomes the account's too (`guest_customer_id` stays, as history), so the family
 * is not asked again online. Where two walk-ins (or the account) hold the same live per-family
 * signature of a version, the first stays the walk-in's alone: one live signature per version and
 * family is the rule the unique indexes keep.
 */
export async function joinWalkInSignatures(
  db: DbExecutor,
  guestCustomerIds: readonly number[],
  familyUserId: number,
): Promise<void> {
  if (guestCustomerIds.length === 0) return;
  const mine = alias(agreementSignatures, 'mine');
  const first = alias(agreementSignatures, 'first_of_version');
  const walkIns = inArray(agreementSignatures.guestCustomerId, [...guestCustomerIds]);
  await db
    .update(agreementSignatures)
    .set({ familyUserId })
    .where(
      and(
        walkIns,
        isNull(agreementSignatures.familyUserId),
        // Per-child rows follow their child; of per-family rows, one per version.
        or(
          isNotNull(agreementSignatures.attendeeProfileId),
          and(
            sql`not exists (select 1 from ${agreementSignatures} as "mine" where ${mine.familyUserId} = ${familyUserId} and ${mine.agreementVersionId} = ${agreementSignatures.agreementVersionId} and ${mine.attendeeProfileId} is null and ${mine.withdrawnAt} is null)`,
            sql`not exists (select 1 from ${agreementSignatures} as "first_of_version" where ${inArray(first.guestCustomerId, [...guestCustomerIds])} and ${first.agreementVersionId} = ${agreementSignatures.agreementVersionId} and ${first.attendeeProfileId} is null and ${first.withdrawnAt} is null and ${first.id} < ${agreementSignatures.id})`,
          ),
        ),
      ),
    );
}

/**
 * A deleting family's signatures (docs/decisions/072-a-familys-data-is-theirs.md): the per-child
 * ones go with the children by cascade, but the per-family ones name only the family's user row,
 * which deletion keeps (anonymised), so they are deleted here, signer names and IPs with them.
 */
export async function eraseFamilySignatures(tx: DbExecutor, familyUserId: number): Promise<void> {
  await tx.delete(agreementSignatures).where(eq(agreementSignatures.familyUserId, familyUserId));
}
