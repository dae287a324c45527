import { DATE_PICKER_MAX, DATE_PICKER_MIN } from '../constants';

/** Field messages of the family calls; apart from the schemas so the web can match them without zod. */
export const FAMILY_MESSAGES = {
  birthdayRange: `Enter a date between ${DATE_PICKER_MIN} and ${DATE_PICKER_MAX}`,
  birthdayFuture: 'The birthday cannot be in the future',
  oneAccountHolder: 'Another family member is already marked as the account holder',
  inUse: 'This family member is booked into a class and cannot be removed',
} as const;
