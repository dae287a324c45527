import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../accounts/accounts.constants';
import { idSchema, idTextSchema } from '../common/id.schemas';
import { pageMetaSchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import { artworkImageSchema } from '../gallery/gallery.schemas';
import {
  CHILD_CARD_MAX_PEOPLE,
  CHILD_CARD_MESSAGES,
  CHILD_CARD_NOTES_MAX,
  CHILD_CARD_RELATION_MAX,
  MEDICAL_ACCESS_PLACES,
} from './child-card.constants';

// The child's card (docs/product.md#the-childs-card): who to call, what to watch for and who may
// collect the child. Only the family, admins and the child's own teachers ever receive it
// (docs/decisions/069-the-childs-card.md).

/**
 * A phone number as a person types it ("+1 212 555 0100"), stored in E.164 ("+12125550100"). The
 * country code is required: the school serves families from several countries, and a number
 * without one cannot be called from abroad.
 */
export const phoneNumberSchema = textSchema({ min: 1, max: 40 }).transform((value, ctx) => {
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isValid()) {
    ctx.addIssue({ code: 'custom', message: CHILD_CARD_MESSAGES.invalidPhone });
    return z.NEVER;
  }
  return parsed.number;
});

const nameSchema = textSchema({ min: 1, max: NAME_MAX_LENGTH });
const relationSchema = textSchema({ min: 1, max: CHILD_CARD_RELATION_MAX });
const notesSchema = textSchema({ max: CHILD_CARD_NOTES_MAX, multiline: true });

const peopleSchema = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: 'Invalid input' })
    .max(CHILD_CARD_MAX_PEOPLE, CHILD_CARD_MESSAGES.tooManyPeople);

/** An emergency contact as written; the list's order is the order to call them in. */
export const emergencyContactInputSchema = z.object(
  { name: nameSchema, phone: phoneNumberSchema, relation: relationSchema },
  { error: 'Invalid input' },
);

/**
 * An authorised pickup person as written. `id` keeps an existing person (and their photo);
 * one without is added; one no longer listed is removed with their photo.
 */
export const authorisedPickupInputSchema = z.object(
  {
    id: idTextSchema().optional(),
    name: nameSchema,
    relation: relationSchema,
    phone: phoneNumberSchema.nullable().optional(),
  },
  { error: 'Invalid input' },
);

/** The card's fields of an attendee profile's PUT body; each replaces what was there. */
export const childCardBodyShape = {
  emergency_contacts: peopleSchema(emergencyContactInputSchema).optional(),
  allergies: notesSchema.optional(),
  medical_notes: notesSchema.optional(),
  authorised_pickups: peopleSchema(authorisedPickupInputSchema).optional(),
};

export const emergencyContactSchema = z.object({
  name: z.string(),
  /** E.164. */
  phone: z.string(),
  relation: z.string(),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

export const authorisedPickupSchema = z.object({
  id: z.string(),
  name: z.string(),
  relation: z.string(),
  /** E.164, or null. */
  phone: z.string().nullable(),
  /** Re-encoded without metadata (docs/architecture.md#images); null until one is uploaded. */
  photo: artworkImageSchema.nullable(),
});
export type AuthorisedPickup = z.infer<typeof authorisedPickupSchema>;

/** The card's attributes of an attendee profile, for the family and admins. */
export const childCardAttributesShape = {
  emergency_contacts: z.array(emergencyContactSchema),
  /** Empty when none are known. */
  allergies: z.string(),
  medical_notes: z.string(),
  authorised_pickups: z.array(authorisedPickupSchema),
};

/** What a teacher's roll shows of a child: the allergy as a flag with its text, and the notes. */
export const rollCareShape = {
  has_allergies: z.boolean(),
  allergies: z.string(),
  medical_notes: z.string(),
  emergency_contacts: z.array(emergencyContactSchema),
};

/** One staff view of a child's medical notes. */
export const medicalAccessAttributesSchema = z.object({
  viewed_at: z.string(),
  place: z.enum(MEDICAL_ACCESS_PLACES),
  viewer_name: z.string(),
  viewer_role: z.enum(['admin', 'teacher']),
});
export const medicalAccessResourceSchema = z.object({
  id: z.string(),
  type: z.literal('medical_accesses'),
  attributes: medicalAccessAttributesSchema,
});
/** The latest first. */
export const medicalAccessLogDocumentSchema = z.object({
  data: z.array(medicalAccessResourceSchema),
  meta: pageMetaSchema,
});
export type MedicalAccessLogDocument = z.infer<typeof medicalAccessLogDocumentSchema>;

/** One row of the log as the web holds it. */
export const medicalAccessSchema = medicalAccessAttributesSchema.extend({ id: z.string() });
export type MedicalAccess = z.infer<typeof medicalAccessSchema>;

/** `{id}`, `{profileId}` and `{pickupId}` of a pickup person's photo route. */
export const pickupPhotoParamsSchema = z.object({
  id: idSchema,
  profileId: idSchema,
  pickupId: idSchema,
});
