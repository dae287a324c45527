// Transfers' constants, apart from its schemas: the web's first-visit code reads the messages
// without bringing zod (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).

/** Why a transfer is refused (409 details and 422 field messages). */
export const TRANSFER_MESSAGES = {
  sameSchedule: 'The child is already in this class',
  alreadyEnrolled: 'The child is already enrolled in that class',
  noSchedule: 'No such class',
  ended: 'That class has no sessions left',
  full: 'That class has no free seat',
  planNotOffered: 'That class does not offer this plan',
  choosePlan: 'Choose a plan for the new class',
  notActive: 'This enrollment is no longer active',
  notAllowed: 'Changing classes is done by the school',
} as const;
