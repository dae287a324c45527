import { type FlatCalendarKlass, PHOTO_BOX_MAX_HOURS } from '@atelier/contract';
import type { MessageKey } from '../../i18n/i18n';
import {
  formatPlainDate,
  formatPlainTime,
  parsePlainDate,
  parsePlainTime,
  zonedDateTime,
  zonedToInstant,
} from '../../lib/zoned-time';

// A photo box's closing time (docs/product.md#photo-box): picked as a wall-clock time in the
// teacher's zone, sent as an instant, and kept within PHOTO_BOX_MAX_HOURS of now because the link
// is a capability anyone holding it can use.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long after a session ends its box stays open unless the teacher chooses otherwise. */
export const CLOSE_AFTER_KLASS_MS = HOUR;
/** Which sessions a box may be opened for: the last 7 days, today and the coming weeks. */
export const KLASSES_BACK_DAYS = 7;
export const KLASSES_AHEAD_DAYS = 30;

/** The latest closing time allowed at `now`, on a whole minute (what the picker can show). */
export function latestClosing(now: number): number {
  return Math.floor((now + PHOTO_BOX_MAX_HOURS * HOUR) / MINUTE) * MINUTE;
}

function clamp(instant: number, now: number): number {
  const earliest = Math.ceil((now + MINUTE) / MINUTE) * MINUTE;
  return Math.min(Math.max(instant, earliest), latestClosing(now));
}

/**
 * The closing time offered for a session: an hour after it ends; for a session already over,
 * an hour from now; never beyond the longest a box stays open.
 */
export function defaultClosing(klassEndsAt: string, now: number): number {
  const afterKlass = Date.parse(klassEndsAt) + CLOSE_AFTER_KLASS_MS;
  return clamp(afterKlass > now ? afterKlass : now + HOUR, now);
}

/** What "Extend" offers: an hour more than the current closing time (or than now, once closed). */
export function extendedClosing(closesAt: string, now: number): number {
  return clamp(Math.max(Date.parse(closesAt), now) + HOUR, now);
}

/** `YYYY-MM-DDTHH:MM` of `instant` in `zone`, as a datetime-local input shows it. */
export function toLocalInput(instant: number, zone: string): string {
  const local = zonedDateTime(instant, zone);
  return `${formatPlainDate(local)}T${formatPlainTime(local)}`;
}

/** The instant a datetime-local value names in `zone`; null when it is not a date and time. */
export function fromLocalInput(text: string, zone: string): number | null {
  const [datePart = '', timePart = ''] = text.split('T');
  const date = parsePlainDate(datePart);
  const time = parsePlainTime(timePart.slice(0, 5));
  return date && time ? zonedToInstant({ ...date, ...time }, zone) : null;
}

/** The client's check of a closing time (the server checks it again). */
export function closingProblem(instant: number | null, now: number): MessageKey | null {
  if (instant === null) return 'photoBoxes.messages.closesAtInvalid';
  if (instant <= now) return 'photoBoxes.messages.closesInPast';
  if (instant > now + PHOTO_BOX_MAX_HOURS * HOUR) return 'photoBoxes.messages.closesTooLate';
  return null;
}

/** The calendar range the session picker asks for. */
export function klassRange(now: number): { from: string; to: string } {
  // Whole hours keep the query the same across renders, so the cached answer is reused.
  const hour = Math.floor(now / HOUR) * HOUR;
  return {
    from: new Date(hour - KLASSES_BACK_DAYS * DAY).toISOString(),
    to: new Date(hour + KLASSES_AHEAD_DAYS * DAY).toISOString(),
  };
}

/** The sessions a box may be opened for: not cancelled, in time order. */
export function boxableKlasses(klasses: readonly FlatCalendarKlass[]): FlatCalendarKlass[] {
  return klasses
    .filter((klass) => klass.status !== 'cancelled')
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
}

/** The session first chosen: the one under way, else the next one, else the latest past one. */
export function likelyKlass(
  klasses: readonly FlatCalendarKlass[],
  now: number,
): FlatCalendarKlass | undefined {
  const current = klasses.find(
    (s) => Date.parse(s.starts_at) <= now && now < Date.parse(s.ends_at),
  );
  if (current) return current;
  const next = klasses.find((s) => Date.parse(s.starts_at) > now);
  return next ?? klasses[klasses.length - 1];
}
