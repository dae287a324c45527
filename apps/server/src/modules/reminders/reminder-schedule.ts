import { DateTime } from 'luxon';

/** When the weekly digest goes out: Sunday at 6 PM in the family's zone. */
export const DIGEST_WEEKDAY = 7;
export const DIGEST_HOUR = 18;

/** The week a digest covers: from its Monday (a date in the family's zone) to the next. */
export type DigestWeek = { weekStart: string; from: Date; to: Date };

/**
 * The week whose digest is due at `now` for a family in `zone`, or null when none is. A digest is
 * due from Sunday 6 PM (the coming week) through Monday (a server that was down on Sunday evening
 * still sends it, listing only what is left of the week); `from` is never before `now`. Week
 * boundaries are local midnights, so a week with a daylight-saving change is 167 or 169 hours.
 */
export function dueDigestWeek(now: Date, zone: string): DigestWeek | null {
  const local = DateTime.fromJSDate(now).setZone(zone);
  if (!local.isValid) return null;
  const thisMonday = local.startOf('week');
  let monday: DateTime;
  if (local.weekday === DIGEST_WEEKDAY && local.hour >= DIGEST_HOUR) {
    monday = thisMonday.plus({ weeks: 1 });
  } else if (local.weekday === 1) {
    monday = thisMonday;
  } else {
    return null;
  }
  const start = monday.toJSDate();
  return {
    weekStart: monday.toISODate() as string,
    from: start > now ? start : now,
    to: monday.plus({ weeks: 1 }).toJSDate(),
  };
}
