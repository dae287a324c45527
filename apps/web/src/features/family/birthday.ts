import { DATE_PICKER_MAX, DATE_PICKER_MIN, isCalendarDate } from '@atelier/contract';

/** A real date within the date picker's range (docs/product.md#constants); the server also refuses future dates. */
export function isBirthdayInRange(value: string): boolean {
  return isCalendarDate(value) && value >= DATE_PICKER_MIN && value <= DATE_PICKER_MAX;
}

/** A YYYY-MM-DD birthday in the reader's language, e.g. "Apr 1, 2015" / "2015/04/01". */
export function formatBirthday(value: string, locale: string): string {
  if (!isCalendarDate(value)) return value;
  // A birthday is a calendar date, not an instant: formatted in UTC so no zone shifts its day.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );
}
