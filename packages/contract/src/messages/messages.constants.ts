// Class messages' constants, apart from their schemas: the web's first-visit code reads the
// messages without bringing zod (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).

export const MESSAGE_TITLE_MAX_LENGTH = 120;
export const MESSAGE_BODY_MAX_LENGTH = 5000;
/** The most families one message may name by hand (a whole class goes by schedule instead). */
export const MESSAGE_MAX_USERS = 100;
/** The longest keyword the audience pickers search for. */
export const MESSAGE_SEARCH_MAX_LENGTH = 100;

/** Who a message was addressed to: a schedule's families, a session's, or families by name. */
export const MESSAGE_AUDIENCES = ['schedule', 'klass', 'users'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/** Field messages and refusals of the messages endpoints, so the web can match or translate them. */
export const MESSAGES_MESSAGES = {
  oneAudience: 'Choose one audience: a schedule, a session or families',
  chooseFamilies: 'Choose at least one family',
  tooManyFamilies: `Choose at most ${MESSAGE_MAX_USERS} families`,
  unknownSchedule: 'This schedule does not exist',
  unknownKlass: 'This session does not exist',
  notAFamily: 'Only family accounts can receive class messages',
  nobodyEnrolled: 'Nobody is enrolled yet: there is nobody to send this to',
  notYourSchedule: 'You can only write to the classes you teach',
  notYourFamily: 'You can only write to families enrolled in a class you teach',
} as const;
