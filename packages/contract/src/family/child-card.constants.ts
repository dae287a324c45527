// The child's card (docs/product.md#the-childs-card): messages and limits apart from the schemas,
// so the web can match or translate them without pulling zod into the first visit.

/** At most this many emergency contacts, and as many authorised pickup people, per child. */
export const CHILD_CARD_MAX_PEOPLE = 10;
/** Allergies and medical notes: a few paragraphs at most. */
export const CHILD_CARD_NOTES_MAX = 2000;
/** A relation ("mother", "neighbour"). */
export const CHILD_CARD_RELATION_MAX = 60;

/** Where a staff member read a child's medical notes (the access log's `place`). */
export const MEDICAL_ACCESS_PLACES = ['roll', 'profile'] as const;
export type MedicalAccessPlace = (typeof MEDICAL_ACCESS_PLACES)[number];

export const CHILD_CARD_MESSAGES = {
  invalidPhone: 'Enter a phone number with its country code, such as +1 212 555 0100',
  tooManyPeople: `Add at most ${CHILD_CARD_MAX_PEOPLE}`,
  /** Checkout's 422 when a child booked has no emergency contact. */
  emergencyContactNeeded: (name: string) => `Add an emergency contact for ${name} before booking`,
  unknownPickup: 'No such authorised pickup person',
} as const;
