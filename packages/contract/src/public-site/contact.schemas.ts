import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../accounts/accounts.constants';
import { textSchema } from '../common/text.schemas';
import { emailSchema } from '../users/users.schemas';

// The public site's contact form (docs/product.md#public-site): an HTML form posted as
// application/x-www-form-urlencoded to /contact-us, mailed to the school and confirmed to the
// sender. The page shows these messages beside their fields, in its own language.

/** The longest message the form takes: a long letter, not a document. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** Field messages of the contact form, so the page can match and translate them. */
export const CONTACT_MESSAGES = {
  required: 'Required',
  invalid: 'Invalid input',
  nameTooLong: `Use at most ${NAME_MAX_LENGTH} characters`,
  emailInvalid: 'Enter a valid e-mail address',
  messageTooLong: `Use at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
  controlCharacter: 'Must not contain control characters',
} as const;

/**
 * The name of the honeypot field: hidden from people and screen readers, so only a robot fills
 * it. A filled one is answered like a success and nothing is sent.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** POST /contact-us (form fields; the honeypot is checked before this schema). */
export const contactBodySchema = z.object({
  name: textSchema({ min: 1, max: NAME_MAX_LENGTH, tooLong: CONTACT_MESSAGES.nameTooLong }),
  email: emailSchema,
  message: textSchema({
    min: 1,
    max: CONTACT_MESSAGE_MAX_LENGTH,
    multiline: true,
    tooLong: CONTACT_MESSAGES.messageTooLong,
  }),
});
export type ContactBody = z.infer<typeof contactBodySchema>;
