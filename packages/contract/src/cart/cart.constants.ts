// The cart's numbers and messages, apart from its schemas so the web's first screen can name them
// without loading zod schemas it does not parse there (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).

/** The most items one cart holds (and one guest pricing call prices). */
export const MAX_CART_ITEMS = 50;

/** Field messages of the cart (server and web). */
export const CART_MESSAGES = {
  scheduleUnavailable: 'This class is not available for booking',
  planNotOffered: 'This plan is not offered for this class',
  onePlanPerClass: 'Choose the same plan for every item of this class',
  addonNotOffered: 'Choose add-ons offered for this class',
  attendeeNotInFamily: 'Choose attendees from your family',
  duplicate: 'Listed more than once',
  attendeesCount: (n: number) => `Must equal the number of attendees chosen (${n})`,
  soldOut: 'Not enough seats are left in this class',
  attendeeAge: 'An attendee is outside the age range of this class',
  cartFull: (max: number) => `Your cart holds at most ${max} items`,
} as const;
