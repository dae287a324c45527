import type { Language } from '@atelier/contract';
import { inLanguage } from '../../lib/translated-content';
import type { DbExecutor } from '../users';
import {
  type AgreementRow,
  liveSignaturesOfVersions,
  requiredBeforeBooking,
  type SignatureHolder,
} from './agreements.repository';

// The rule a booking meets, at checkout for a family and at the desk for a walk-in
// (docs/decisions/070-agreements.md, 082-paper-agreements-at-the-desk.md).

const TITLE = ['title'] as const;

/** An agreement's title in `language`, its default-language one where none is written. */
export const titleIn = (row: AgreementRow, language: Language) =>
  inLanguage({ title: row.title, translations: row.translations }, language, TITLE).title;

/** A child of the booking: on record (`id`), or added with it and not written yet (`id` null). */
export type BookedChild = { id: number | null; name: string };

/** A required agreement a booking lacks: for its holder (`child` null) or for one child. */
export type Unsigned = { agreement: AgreementRow; child: BookedChild | null };

/** The agreements a booking asks for (but `ticked`), and which of them are signed, as keys. */
async function bookingSignatures(
  db: DbExecutor,
  holder: SignatureHolder,
  childIds: readonly number[],
  ticked: ReadonlySet<number>,
) {
  const required = (await requiredBeforeBooking(db)).filter((r) => !ticked.has(r.agreement.id));
  if (required.length === 0) return { required, signed: new Set<string>() };
  const live = await liveSignaturesOfVersions(
    db,
    required.map((r) => r.version.id),
    holder,
    childIds,
  );
  return {
    required,
    signed: new Set(live.map((s) => `${s.agreementVersionId}:${s.attendeeProfileId ?? ''}`)),
  };
}

/**
 * What a booking still lacks: each agreement required before booking (but those in `ticked`, signed
 * on paper with it) that has no live signature of its current version for the holder (per-family
 * ones) or for each child booked (per-child ones; a child not written yet has none). Two queries,
 * one when nothing is required.
 */
export async function unsignedForBooking(
  db: DbExecutor,
  holder: SignatureHolder,
  children: readonly BookedChild[],
  ticked: ReadonlySet<number> = new Set(),
): Promise<Unsigned[]> {
  const childIds = children.flatMap((c) => (c.id === null ? [] : [c.id]));
  const { required, signed } = await bookingSignatures(db, holder, childIds, ticked);
  return required.flatMap(({ agreement, version }): Unsigned[] => {
    if (!agreement.perChild)
      return signed.has(`${version.id}:`) ? [] : [{ agreement, child: null }];
    return children
      .filter((c) => c.id === null || !signed.has(`${version.id}:${c.id}`))
      .map((child) => ({ agreement, child }));
  });
}

/**
 * What is on record for a booking: each agreement required before booking that the holder
 * (per-family ones, `attendeeProfileId` null) or one of `childIds` (per-child ones) has signed in
 * its current version. The desk shows these as signed instead of asking for a tick.
 */
export async function signedForBooking(
  db: DbExecutor,
  holder: SignatureHolder,
  childIds: readonly number[],
): Promise<{ agreementId: number; attendeeProfileId: number | null }[]> {
  const { required, signed } = await bookingSignatures(db, holder, childIds, new Set());
  return required.flatMap(({ agreement, version }) =>
    (agreement.perChild ? childIds : [null])
      .filter((id) => signed.has(`${version.id}:${id ?? ''}`))
      .map((attendeeProfileId) => ({ agreementId: agreement.id, attendeeProfileId })),
  );
}
