type Id = string | number;

/** Paths of agreements and their signatures (docs/product.md#agreements). */
export const AGREEMENTS_API = {
  /** GET (admins): every agreement with its current version; POST: a new agreement. */
  adminAgreements: '/api/v2/admin/agreements',
  /** GET (admins): one agreement with every version; DELETE: retires it (the record stays). */
  adminAgreement: (id: Id) => `/api/v2/admin/agreements/${id}`,
  /** POST {body} (admins): publishes the agreement's next version (versions never change). */
  adminAgreementVersions: (id: Id) => `/api/v2/admin/agreements/${id}/versions`,
  /** GET (admins): every signature of the agreement, per family and child. */
  adminAgreementSignatures: (id: Id) => `/api/v2/admin/agreements/${id}/signatures`,
  /** GET (admins): the same as CSV. */
  adminAgreementSignaturesCsv: (id: Id) => `/api/v2/admin/agreements/${id}/signatures.csv`,
  /** GET (the signed-in family): per agreement (and child) what is signed and what is due. */
  accountAgreements: '/api/v2/account/agreements',
  /** POST {agreement_version_id, attendee_profile_id?, signer_name, agreed}: signs. */
  signatures: '/api/v2/agreement_signatures',
  /** GET: the signed copy (family or admins); DELETE: withdraws a media release (the family). */
  signature: (id: Id) => `/api/v2/agreement_signatures/${id}`,
  /** GET: the signed copy as a PDF. */
  signaturePdf: (id: Id) => `/api/v2/agreement_signatures/${id}/signed_copy.pdf`,
} as const;
