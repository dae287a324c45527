import { AGREEMENT_MESSAGES, type Language } from '@atelier/contract';
import { ValidationError } from '../../lib/app-error';
import type { DbExecutor } from '../users';
import { insertSignature, inUseAgreementsByIds } from './agreements.repository';
import { titleIn, unsignedForBooking } from './booking-rule';

// A walk-in booked at the desk signs the school's agreements on paper, and staff record it
// (docs/decisions/082-paper-agreements-at-the-desk.md): the same rule as checkout, with the walk-in
// in place of the family account and a tick at the desk in place of a typed signature.

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
  const children = [...check.attendees, ...check.newAttendees.map((name) => ({ id: null, name }))];
  const unsigned = await unsignedForBooking(
    db,
    { guestCustomerId: check.guestCustomerId },
    children,
    ticked,
  );
  if (unsigned.length === 0) return;
  throw new ValidationError(
    unsigned.map(({ agreement, child }) => {
      const title = titleIn(agreement, check.language);
      return {
        field: `paper_agreements.${agreement.id}`,
        detail: child
          ? AGREEMENT_MESSAGES.paperCopyNeededForChild(title, child.name)
          : AGREEMENT_MESSAGES.paperCopyNeeded(title),
      };
    }),
  );
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
