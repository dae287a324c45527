// The cart's numbers and messages, apart from its schemas so the web's first screen can name them
// without loading zod schemas it does not parse there (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).

/**
 * What a cart item (and the order item it becomes) is (docs/decisions/076-class-passes-and-drop-ins.md):
 * an `enrollment` books a schedule for attendees with a plan; a `pass` buys a class pass for the
 * family; a `trial` buys one child's paid trial of one class (docs/decisions/077-trial-classes.md).
 * A kind has its own columns, pricing and what happens when its order is paid.
 */
export const CART_ITEM_KINDS = ['enrollment', 'pass', 'trial'] as const;
export type CartItemKind = (typeof CART_ITEM_KINDS)[number];

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
  nothingToChange: 'A class pass has nothing to change: remove it instead',
  passUnavailable: 'This pass is no longer on sale',
} as const;
