// Agreements' constants and messages, apart from the schemas: the web maps server messages to its
// own words and must not load zod schemas for it (the first-visit bundle budget,
// docs/decisions/021-precompressed-assets-and-first-visit-budget.md).

/**
 * What an agreement is: a waiver, one of the school's policies, or the media release that decides
 * whether a child's work may be shown beyond the family (docs/decisions/070-agreements.md).
 */
export const AGREEMENT_KINDS = ['waiver', 'policy', 'media_release'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

/** The most characters of an agreement's title and of a version's body. */
export const AGREEMENT_TITLE_MAX_LENGTH = 200;
export const AGREEMENT_BODY_MAX_LENGTH = 50_000;
/** The most characters of the typed full name that signs. */
export const SIGNER_NAME_MAX_LENGTH = 200;

/** What the agreement routes answer when they refuse (422 field messages, 409 details). */
export const AGREEMENT_MESSAGES = {
  /** 422 on `agreement_version_id`: a version that is no longer the agreement's current one. */
  notCurrentVersion: 'A newer version of this agreement has been published: read it and sign again',
  /** 422 on `agreement_version_id`: the agreement has no published version to sign yet. */
  noVersion: 'This agreement has no published version yet',
  /** 422 on `agreement_version_id`: the agreement was retired. */
  retired: 'This agreement is no longer in use',
  /** 422 on `attendee_profile_id`: a per-child agreement is signed for one child. */
  childRequired: 'Choose the child this agreement is signed for',
  /** 422 on `attendee_profile_id`: a per-family agreement names no child. */
  childNotExpected: 'This agreement is signed once for the family, not per child',
  /** 422 on `attendee_profile_id`: not one of the signer's family members. */
  notYourChild: 'Choose one of your own family members',
  /** 422 on `agreed`: the "I agree" box is required. */
  mustAgree: 'Tick "I agree" to sign',
  /** 422 (withdrawal): only a media release may be withdrawn. */
  notWithdrawable: 'Only a media release can be withdrawn',
  /** 422 on `gallery_visibility`: sharing beyond the family needs the child's media release. */
  mediaReleaseRequired: (title: string) =>
    `Sign the media release "${title}" for this child before sharing their work beyond the family`,
  /** 422 at checkout: a required agreement not signed in its current version. */
  signBeforeBooking: (title: string) => `Sign "${title}" before booking`,
  /** 422 at checkout: a required per-child agreement not signed for one of the order's children. */
  signForChildBeforeBooking: (title: string, child: string) =>
    `Sign "${title}" for ${child} before booking`,
  /** 422 on `paper_agreements` at the desk: a required agreement the walk-in has not signed. */
  paperCopyNeeded: (title: string) =>
    `"${title}" must be signed on paper before booking: tick it once the walk-in has signed`,
  /** 422 on `paper_agreements` at the desk: a required per-child agreement, for one child. */
  paperCopyNeededForChild: (title: string, child: string) =>
    `"${title}" must be signed on paper for ${child} before booking: tick it once signed`,
  /** 422 on `paper_agreements.agreement_ids`: not an agreement in use with a published version. */
  unknownPaperAgreement: 'Choose agreements the school has published',
} as const;

/** How a signature was given: typed and ticked online, or on paper and recorded by staff. */
export const SIGNATURE_METHODS = ['online', 'paper'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];
