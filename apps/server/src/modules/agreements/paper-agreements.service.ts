import { AGREEMENT_MESSAGES, type FieldError, type Language } from '@atelier/contract';
import { ValidationError } from '../../lib/app-error';
import { inLanguage } from '../../lib/translated-content';
import type { DbExecutor } from '../users';
import {
  type AgreementRow,
  insertSignature,
  inUseAgreementsByIds,
  liveSignaturesOfVersions,
  requiredBeforeBooking,
} from './agreements.repository';

// A walk-in booked at the desk signs the school's agreements on paper, and staff record it
// (docs/decisions/082-paper-agreements-at-the-desk.md): the same rule as checkout, with the walk-in
// in place of the family account and a tick at the desk in place of a typed signature.

const TITLE = ['title'] as const;
const titleIn = (row: AgreementRow, language: Language) =>
  inLanguage({ title: row.title, translations: row.translations }, language, TITLE).title;

export type WalkInAgreementsCheck = {
  guestCustomerId: number;
  /** The booked attendees already on the walk-in's record. */
  attendees: readonly { id: number; name: string }[];
  /** The names of the booked attendees to be added with this booking. */
  newAttendees: readonly string[];
  /** The agreements staff tick as signed on paper now. */
  onPaper: readonly number[];
  /** The language of the titles in the messages (the staff member's). */
  language: Language;
};

/**
 * Before anything of a walk-in booking is written: the agreements ticked are ones in use with a
 * published version (422 on `paper_agreements.agreement_ids`), and every agreement required before
 * booking is on record for the walk-in (per-family ones) and each attendee (per-child ones), or
 * ticked now (422 on `paper_agreements.{agreement id}` naming what is missing otherwise).
 */
export async function assertWalkInAgreements(
  db: DbExecutor,
  check: WalkInAgreementsCheck,
): Promise<void> {
  const ticked = new Set(check.onPaper);
  const known = await inUseAgreementsByIds(db, [...ticked]);
  if (known.length !== ticked.size) {
    throw new ValidationError([
      { field: 'paper_agreements.agreement_ids', detail: AGREEMENT_MESSAGES.unknownPaperAgreement },
    ]);
  }
  const required = (await requiredBeforeBooking(db)).filter((r) => !ticked.has(r.agreement.id));
  if (required.length === 0) return;
  const live = await liveSignaturesOfVersions(
    db,
    required.map((r) => r.version.id),
    { guestCustomerId: check.guestCustomerId },
    check.attendees.map((a) => a.id),
  );
  const signed = new Set(live.map((s) => `${s.agreementVersionId}:${s.attendeeProfileId ?? ''}`));
  const errors: FieldError[] = [];
  for (const { agreement, version } of required) {
    const title = titleIn(agreement, check.language);
    const field = `paper_agreements.${agreement.id}`;
    if (!agreement.perChild) {
      if (!signed.has(`${version.id}:`)) {
        errors.push({ field, detail: AGREEMENT_MESSAGES.paperCopyNeeded(title) });
      }
      continue;
    }
    const unsigned = [
      ...check.attendees.filter((a) => !signed.has(`${version.id}:${a.id}`)).map((a) => a.name),
      ...check.newAttendees,
    ];
    for (const child of unsigned) {
      errors.push({ field, detail: AGREEMENT_MESSAGES.paperCopyNeededForChild(title, child) });
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
}

/**
 * Records what the walk-in signed on paper, in each agreement's current version: once for the
 * walk-in (per-family ones) or once for each attendee (per-child ones). What is on record already
 * stays as it was (the unique indexes decide), so booking again with the same ticks adds nothing.
 */
export async function recordPaperAgreements(
  db: DbExecutor,
  paper: {
    guestCustomerId: number;
    attendeeIds: readonly number[];
    agreementIds: readonly number[];
    signerName: string;
    recordedById: number;
    ip: string;
    at: Date;
  },
): Promise<void> {
  for (const { agreement, version } of await inUseAgreementsByIds(db, paper.agreementIds)) {
    const children = agreement.perChild ? paper.attendeeIds : [null];
    for (const attendeeProfileId of children) {
      await insertSignature(db, {
        agreementId: agreement.id,
        agreementVersionId: version.id,
        signerUserId: null,
        familyUserId: null,
        guestCustomerId: paper.guestCustomerId,
        attendeeProfileId,
        signerName: paper.signerName,
        method: 'paper',
        recordedById: paper.recordedById,
        ip: paper.ip,
        signedAt: paper.at,
      });
    }
  }
}
