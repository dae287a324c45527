import {
  type AccountAgreement,
  AGREEMENT_MESSAGES,
  type Agreement,
  type AgreementDocument,
  type AgreementSignature,
  type AgreementVersion,
  type CreateAgreementBody,
  type Language,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { notFound, ValidationError } from '../../lib/app-error';
import type { Viewer } from '../../lib/http';
import { storedTranslations } from '../../lib/translated-content';
import { attendeesByIds, attendeesOfAccount, type DbExecutor, peopleByIds } from '../users';
import {
  type AgreementRow,
  agreementById,
  allAgreements,
  insertAgreement,
  insertNextVersion,
  insertSignature,
  liveSignaturesOfFamily,
  liveSignaturesOfVersions,
  markRetired,
  markWithdrawn,
  publishedMediaReleases,
  type SignatureRow,
  signatureById,
  signaturesOfAgreement,
  type VersionRow,
  versionById,
  versionsOf,
} from './agreements.repository';
import { titleIn, unsignedForBooking } from './booking-rule';

// Agreements and their signatures (docs/product.md#agreements, decision 070): the rules. A version
// once published never changes; the highest is current; a family is asked again for each new one.

export type AgreementsContext = {
  db: Db;
  now: () => Date;
  /** The names of walk-in customers by id (the customers module's, which sits above this one). */
  walkInNames: (db: DbExecutor, ids: readonly number[]) => Promise<Map<number, string>>;
};

const versionOut = (row: VersionRow): AgreementVersion => ({
  id: String(row.id),
  version: row.version,
  body: row.body,
  published_at: row.publishedAt.toISOString(),
});

function agreementOut(
  row: AgreementRow,
  current: VersionRow | undefined,
  language: Language,
  admin: boolean,
): Agreement {
  return {
    id: String(row.id),
    title: titleIn(row, language),
    ...(admin ? { translations: row.translations } : {}),
    kind: row.kind,
    required_before_booking: row.requiredBeforeBooking,
    per_child: row.perChild,
    current_version: current ? versionOut(current) : null,
    retired_at: row.retiredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The newest version of each agreement, by agreement id (versions come newest first). */
function currentVersions(versions: VersionRow[]): Map<number, VersionRow> {
  const out = new Map<number, VersionRow>();
  for (const v of versions) if (!out.has(v.agreementId)) out.set(v.agreementId, v);
  return out;
}

export async function listAgreements(
  ctx: AgreementsContext,
  language: Language,
): Promise<{ data: Agreement[] }> {
  const rows = await allAgreements(ctx.db);
  const current = currentVersions(await versionsOf(ctx.db));
  return { data: rows.map((row) => agreementOut(row, current.get(row.id), language, true)) };
}

export async function getAgreement(
  ctx: AgreementsContext,
  id: number,
  language: Language,
): Promise<AgreementDocument> {
  const row = await agreementById(ctx.db, id);
  if (!row) throw notFound('Agreement');
  const versions = await versionsOf(ctx.db, [id]);
  return {
    data: {
      ...agreementOut(row, versions[0], language, true),
      versions: versions.map(versionOut),
    },
  };
}

export async function createAgreement(
  ctx: AgreementsContext,
  actor: Viewer,
  body: CreateAgreementBody,
  language: Language,
): Promise<AgreementDocument> {
  const row = await insertAgreement(ctx.db, {
    title: body.title,
    translations: storedTranslations(body.translations),
    kind: body.kind,
    requiredBeforeBooking: body.required_before_booking,
    perChild: body.per_child,
    createdById: actor.id,
  });
  return { data: { ...agreementOut(row, undefined, language, true), versions: [] } };
}

/**
 * Retires an agreement: from now on it asks nothing (not listed to families, not required at
 * checkout, no longer the media release); its versions and signatures stay as the record.
 */
export async function retireAgreement(
  ctx: AgreementsContext,
  id: number,
  language: Language,
): Promise<AgreementDocument> {
  if (!(await markRetired(ctx.db, id, ctx.now()))) throw notFound('Agreement');
  return getAgreement(ctx, id, language);
}

/** Publishes the agreement's next version: what families sign from now on. */
export async function publishVersion(
  ctx: AgreementsContext,
  actor: Viewer,
  agreementId: number,
  body: string,
): Promise<{ data: AgreementVersion }> {
  const row = await insertNextVersion(ctx.db, agreementId, body, actor.id);
  if (!row) throw notFound('Agreement');
  return { data: versionOut(row) };
}

function signatureOut(
  signature: SignatureRow,
  version: VersionRow,
  agreement: AgreementRow,
  current: VersionRow | undefined,
  names: SignatureNames,
  language: Language,
): AgreementSignature {
  return {
    id: String(signature.id),
    agreement_id: String(agreement.id),
    agreement_title: titleIn(agreement, language),
    agreement_kind: agreement.kind,
    agreement_version_id: String(version.id),
    version: version.version,
    body: version.body,
    family_user_id: signature.familyUserId === null ? null : String(signature.familyUserId),
    guest_customer_id:
      signature.guestCustomerId === null ? null : String(signature.guestCustomerId),
    family_name: names.family,
    attendee_profile_id: signature.attendeeProfileId ? String(signature.attendeeProfileId) : null,
    attendee_name: names.attendee,
    signer_name: signature.signerName,
    method: signature.method,
    recorded_by: names.recordedBy,
    ip: signature.ip,
    signed_at: signature.signedAt.toISOString(),
    withdrawn_at: signature.withdrawnAt?.toISOString() ?? null,
    current: signature.withdrawnAt === null && current?.id === version.id,
  };
}

type SignatureNames = { family: string; attendee: string | null; recordedBy: string | null };

/** The names a signature is shown with: its family or walk-in, its child, who recorded it. */
async function namesOf(ctx: AgreementsContext, rows: SignatureRow[]) {
  const ids = (pick: (r: SignatureRow) => number | null) => [
    ...new Set(rows.flatMap((r) => pick(r) ?? [])),
  ];
  const [people, walkIns, children] = await Promise.all([
    peopleByIds(ctx.db, [...ids((r) => r.familyUserId), ...ids((r) => r.recordedById)]),
    ctx.walkInNames(
      ctx.db,
      ids((r) => r.guestCustomerId),
    ),
    attendeesByIds(
      ctx.db,
      ids((r) => r.attendeeProfileId),
    ),
  ]);
  const attendees = new Map(children.map((a) => [a.id, a.name]));
  const person = (id: number | null) => (id === null ? undefined : people.get(id)?.name);
  return (row: SignatureRow): SignatureNames => ({
    family:
      person(row.familyUserId) ??
      (row.guestCustomerId === null ? undefined : walkIns.get(row.guestCustomerId)) ??
      '',
    attendee: row.attendeeProfileId ? (attendees.get(row.attendeeProfileId) ?? null) : null,
    recordedBy: person(row.recordedById) ?? null,
  });
}

/** Every signature of an agreement (staff), newest first: who signed which version for whom. */
export async function agreementSignatures(
  ctx: AgreementsContext,
  agreementId: number,
  language: Language,
): Promise<{ data: AgreementSignature[] }> {
  const agreement = await agreementById(ctx.db, agreementId);
  if (!agreement) throw notFound('Agreement');
  const [current] = await versionsOf(ctx.db, [agreementId]);
  const rows = await signaturesOfAgreement(ctx.db, agreementId);
  const names = await namesOf(
    ctx,
    rows.map((r) => r.signature),
  );
  return {
    data: rows.map((r) =>
      signatureOut(r.signature, r.version, agreement, current, names(r.signature), language),
    ),
  };
}

const csvCell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The same signatures as CSV (one line each, a header first). */
export async function agreementSignaturesCsv(
  ctx: AgreementsContext,
  agreementId: number,
  language: Language,
): Promise<string> {
  const { data } = await agreementSignatures(ctx, agreementId, language);
  const header = [
    'signature_id',
    'version',
    'family',
    'child',
    'signer_name',
    'signed_at',
    'ip',
    'withdrawn_at',
    'current',
    'method',
    'recorded_by',
  ];
  const lines = data.map((s) =>
    [
      s.id,
      s.version,
      s.family_name,
      s.attendee_name,
      s.signer_name,
      s.signed_at,
      s.ip,
      s.withdrawn_at,
      s.current ? 'yes' : 'no',
      s.method,
      s.recorded_by,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

const invalid = (field: string, detail: string) => new ValidationError([{ field, detail }]);

/**
 * A family signs the current version of an agreement, for the family or one of its children.
 * Signing what is already signed answers the same signature (`created` false).
 */
export async function signAgreement(
  ctx: AgreementsContext,
  signer: Viewer,
  body: { agreementVersionId: number; attendeeProfileId: number | null; signerName: string },
  ip: string,
  language: Language,
): Promise<{ data: AgreementSignature; created: boolean }> {
  const found = await versionById(ctx.db, body.agreementVersionId);
  if (!found) throw invalid('agreement_version_id', 'Not found');
  const { agreement, version } = found;
  if (agreement.retiredAt) throw invalid('agreement_version_id', AGREEMENT_MESSAGES.retired);
  const [current] = await versionsOf(ctx.db, [agreement.id]);
  if (current?.id !== version.id) {
    throw invalid('agreement_version_id', AGREEMENT_MESSAGES.notCurrentVersion);
  }
  let attendeeName: string | null = null;
  if (agreement.perChild) {
    if (body.attendeeProfileId == null) {
      throw invalid('attendee_profile_id', AGREEMENT_MESSAGES.childRequired);
    }
    const [attendee] = await attendeesByIds(ctx.db, [body.attendeeProfileId]);
    // Families sign only for their own children (decision 070); staff have no family to sign for.
    if (attendee?.userId !== signer.id) {
      throw invalid('attendee_profile_id', AGREEMENT_MESSAGES.notYourChild);
    }
    attendeeName = attendee.name;
  } else if (body.attendeeProfileId != null) {
    throw invalid('attendee_profile_id', AGREEMENT_MESSAGES.childNotExpected);
  }
  const { row, created } = await insertSignature(ctx.db, {
    agreementId: agreement.id,
    agreementVersionId: version.id,
    signerUserId: signer.id,
    familyUserId: signer.id,
    attendeeProfileId: body.attendeeProfileId ?? null,
    signerName: body.signerName,
    ip,
    signedAt: ctx.now(),
  });
  const family = (await peopleByIds(ctx.db, [signer.id])).get(signer.id)?.name ?? '';
  return {
    data: signatureOut(
      row,
      version,
      agreement,
      current,
      { family, attendee: attendeeName, recordedBy: null },
      language,
    ),
    created,
  };
}

/** The signed copy: the family's own, or any for admins; 404 for anyone else. */
export async function signatureCopy(
  ctx: AgreementsContext,
  viewer: Viewer,
  id: number,
  language: Language,
): Promise<{ data: AgreementSignature }> {
  const found = await signatureById(ctx.db, id);
  if (!found || (viewer.role !== 'admin' && found.signature.familyUserId !== viewer.id)) {
    throw notFound('Signature');
  }
  const [current] = await versionsOf(ctx.db, [found.agreement.id]);
  const names = await namesOf(ctx, [found.signature]);
  return {
    data: signatureOut(
      found.signature,
      found.version,
      found.agreement,
      current,
      names(found.signature),
      language,
    ),
  };
}

/**
 * The family withdraws a media release signature: the record stays with its withdrawal time, and
 * the child's work is seen by the family and staff only from now on (the gallery reads live
 * signatures in every query; shared image addresses stop within a minute, decision 068).
 */
export async function withdrawSignature(
  ctx: AgreementsContext,
  viewer: Viewer,
  id: number,
  language: Language,
): Promise<{ data: AgreementSignature }> {
  const found = await signatureById(ctx.db, id);
  if (!found || found.signature.familyUserId !== viewer.id) throw notFound('Signature');
  if (found.agreement.kind !== 'media_release') {
    throw invalid('id', AGREEMENT_MESSAGES.notWithdrawable);
  }
  await markWithdrawn(ctx.db, id, ctx.now());
  return signatureCopy(ctx, viewer, id, language);
}

/**
 * GET /api/v2/account/agreements: every published agreement, per child for per-child ones, with
 * the latest live signature and whether the current version is still to sign.
 */
export async function accountAgreements(
  ctx: AgreementsContext,
  userId: number,
  language: Language,
): Promise<{ data: AccountAgreement[] }> {
  const rows = await allAgreements(ctx.db);
  const current = currentVersions(await versionsOf(ctx.db));
  const children = await attendeesOfAccount(ctx.db, userId);
  const signatures = await liveSignaturesOfFamily(ctx.db, userId);
  const out: AccountAgreement[] = [];
  for (const agreement of rows) {
    const version = current.get(agreement.id);
    if (!version || agreement.retiredAt) continue;
    const people = agreement.perChild
      ? children.map((c) => ({ id: c.id as number | null, name: c.name as string | null }))
      : [{ id: null, name: null }];
    for (const person of people) {
      const mine = signatures.filter(
        (s) =>
          s.signature.agreementId === agreement.id && s.signature.attendeeProfileId === person.id,
      );
      const latest = mine[0];
      out.push({
        agreement_id: String(agreement.id),
        title: titleIn(agreement, language),
        kind: agreement.kind,
        required_before_booking: agreement.requiredBeforeBooking,
        per_child: agreement.perChild,
        attendee_profile_id: person.id === null ? null : String(person.id),
        attendee_name: person.name,
        current_version: versionOut(version),
        signature: latest
          ? {
              id: String(latest.signature.id),
              version: latest.version,
              signed_at: latest.signature.signedAt.toISOString(),
              signer_name: latest.signature.signerName,
            }
          : null,
        due: !mine.some((s) => s.signature.agreementVersionId === version.id),
      });
    }
  }
  return { data: out };
}

/**
 * Checkout's rule: every agreement required before booking is signed in its current version by
 * the family (per-family ones) and for each of the order's attendees (per-child ones). Otherwise
 * a 422 naming each agreement (and child) as `agreements.{id}[.{attendee id}]`, titles in the
 * family's language.
 */
export async function assertAgreementsSignedForBooking(
  db: DbExecutor,
  familyUserId: number,
  attendeeIds: readonly number[],
): Promise<void> {
  const children = [...new Set(attendeeIds)].map((id) => ({ id, name: '' }));
  const unsigned = await unsignedForBooking(db, { familyUserId }, children);
  if (unsigned.length === 0) return;
  // Titles in the family's own language, as its mail is written.
  const language = (await peopleByIds(db, [familyUserId])).get(familyUserId)?.locale ?? 'en';
  const ids = children.map((c) => c.id);
  const names = new Map((await attendeesByIds(db, ids)).map((a) => [a.id, a.name]));
  throw new ValidationError(
    unsigned.map(({ agreement, child }) => {
      const title = titleIn(agreement, language);
      return child?.id != null
        ? {
            field: `agreements.${agreement.id}.${child.id}`,
            detail: AGREEMENT_MESSAGES.signForChildBeforeBooking(title, names.get(child.id) ?? ''),
          }
        : {
            field: `agreements.${agreement.id}`,
            detail: AGREEMENT_MESSAGES.signBeforeBooking(title),
          };
    }),
  );
}

/**
 * The visibility rule: a child's work may be shared beyond the family (`classmates`, `public`)
 * only with the child's media release signed in its current version, once the school has
 * published one (none published: today's behaviour). 422 on `gallery_visibility` otherwise.
 */
export async function assertMaySharePastFamily(
  db: DbExecutor,
  attendeeId: number,
  familyUserId: number,
  language: Language,
): Promise<void> {
  const releases = await publishedMediaReleases(db);
  if (releases.length === 0) return;
  const live = await liveSignaturesOfVersions(
    db,
    releases.map((r) => r.version.id),
    { familyUserId },
    [attendeeId],
  );
  for (const { agreement, version } of releases) {
    const ok = live.some(
      (s) => s.agreementVersionId === version.id && s.attendeeProfileId === attendeeId,
    );
    if (!ok) {
      throw invalid(
        'gallery_visibility',
        AGREEMENT_MESSAGES.mediaReleaseRequired(titleIn(agreement, language)),
      );
    }
  }
}
