import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { textSchema } from '../common/text.schemas';
import { translationsSchema } from '../common/translations.schemas';
import {
  AGREEMENT_BODY_MAX_LENGTH,
  AGREEMENT_KINDS,
  AGREEMENT_MESSAGES,
  AGREEMENT_TITLE_MAX_LENGTH,
  SIGNATURE_METHODS,
  SIGNER_NAME_MAX_LENGTH,
} from './agreements.constants';

// Agreements (docs/product.md#agreements, decision 070): staff publish waivers, policies and a
// media release in numbered versions that never change; a family signs the current version, for
// the family or per child. Instants ISO 8601 UTC; ids as strings.

const titleSchema = textSchema({ min: 1, max: AGREEMENT_TITLE_MAX_LENGTH });

/** `POST /api/v2/admin/agreements`. The title is school-written: translatable like a programme's name. */
export const createAgreementBodySchema = z.object({
  title: titleSchema,
  translations: translationsSchema({
    title: textSchema({ max: AGREEMENT_TITLE_MAX_LENGTH }),
  }).optional(),
  kind: z.enum(AGREEMENT_KINDS, { error: 'Choose waiver, policy or media release' }),
  required_before_booking: z.boolean({ error: 'Required' }),
  per_child: z.boolean({ error: 'Required' }),
});
export type CreateAgreementBody = z.input<typeof createAgreementBodySchema>;

/** `POST /api/v2/admin/agreements/{id}/versions`: the text of the next version. */
export const publishVersionBodySchema = z.object({
  body: textSchema({ min: 1, max: AGREEMENT_BODY_MAX_LENGTH, multiline: true }),
});
export type PublishVersionBody = z.input<typeof publishVersionBodySchema>;

/** `POST /api/v2/agreement_signatures`. */
export const signAgreementBodySchema = z.object({
  agreement_version_id: idSchema,
  attendee_profile_id: idSchema.nullish(),
  signer_name: textSchema({ min: 1, max: SIGNER_NAME_MAX_LENGTH }),
  agreed: z.literal(true, { error: AGREEMENT_MESSAGES.mustAgree }),
});
export type SignAgreementBody = z.input<typeof signAgreementBodySchema>;

export const agreementVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  body: z.string(),
  published_at: z.string(),
});
export type AgreementVersion = z.infer<typeof agreementVersionSchema>;

export const agreementSchema = z.object({
  id: z.string(),
  /** In the reader's language where a translation is written. */
  title: z.string(),
  /** Admins only: the title's translations as written. */
  translations: z.object({ ja: z.object({ title: z.string().optional() }).optional() }).optional(),
  kind: z.enum(AGREEMENT_KINDS),
  required_before_booking: z.boolean(),
  per_child: z.boolean(),
  /** The version a family signs now; null until one is published. */
  current_version: agreementVersionSchema.nullable(),
  /** Retired: it asks nothing of anyone any more; null while in use. */
  retired_at: z.string().nullable(),
  created_at: z.string(),
});
export type Agreement = z.infer<typeof agreementSchema>;

export const agreementListSchema = z.object({ data: z.array(agreementSchema) });
export type AgreementList = z.infer<typeof agreementListSchema>;
export const agreementDocumentSchema = z.object({
  data: agreementSchema.extend({ versions: z.array(agreementVersionSchema) }),
});
export type AgreementDocument = z.infer<typeof agreementDocumentSchema>;
export const agreementVersionDocumentSchema = z.object({ data: agreementVersionSchema });

/** One signature: who signed which version, for whom, when and from where. */
export const agreementSignatureSchema = z.object({
  id: z.string(),
  agreement_id: z.string(),
  agreement_title: z.string(),
  agreement_kind: z.enum(AGREEMENT_KINDS),
  agreement_version_id: z.string(),
  version: z.number().int(),
  /** The exact text signed. */
  body: z.string(),
  /** The family account it was signed for; null for a walk-in's paper signature. */
  family_user_id: z.string().nullable(),
  /** The walk-in customer it was signed for on paper; null for a family's. */
  guest_customer_id: z.string().nullable(),
  /** The family's name, or the walk-in's. */
  family_name: z.string(),
  attendee_profile_id: z.string().nullable(),
  attendee_name: z.string().nullable(),
  signer_name: z.string(),
  /** Typed online, or signed on paper at the desk and recorded by `recorded_by`. */
  method: z.enum(SIGNATURE_METHODS),
  /** The staff member who recorded a paper signature (null online, or once their account is gone). */
  recorded_by: z.string().nullable(),
  /** Where it was signed online, or where staff recorded the paper copy. */
  ip: z.string(),
  signed_at: z.string(),
  withdrawn_at: z.string().nullable(),
  /** Signed in the agreement's current version (and not withdrawn). */
  current: z.boolean(),
});
export type AgreementSignature = z.infer<typeof agreementSignatureSchema>;
export const agreementSignatureDocumentSchema = z.object({ data: agreementSignatureSchema });
export const agreementSignatureListSchema = z.object({ data: z.array(agreementSignatureSchema) });

/** `GET /api/v2/account/agreements`: one row per agreement, or per agreement and child. */
export const accountAgreementSchema = z.object({
  agreement_id: z.string(),
  title: z.string(),
  kind: z.enum(AGREEMENT_KINDS),
  required_before_booking: z.boolean(),
  per_child: z.boolean(),
  attendee_profile_id: z.string().nullable(),
  attendee_name: z.string().nullable(),
  /** The version to sign now, with its text. */
  current_version: agreementVersionSchema,
  /** The latest signature not withdrawn (of any version), or null. */
  signature: z
    .object({
      id: z.string(),
      version: z.number().int(),
      signed_at: z.string(),
      signer_name: z.string(),
    })
    .nullable(),
  /** No signature of the current version. */
  due: z.boolean(),
});
export type AccountAgreement = z.infer<typeof accountAgreementSchema>;
export const accountAgreementListSchema = z.object({ data: z.array(accountAgreementSchema) });
export type AccountAgreementList = z.infer<typeof accountAgreementListSchema>;
