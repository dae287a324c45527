import { isTimeZone, type Language } from '@atelier/contract';
import { DateTime } from 'luxon';

const LOCALES: Record<Language, string> = { en: 'en-US', ja: 'ja-JP' };

/**
 * The zone to write a person's times in: their own when it is a zone this runtime knows, else
 * `fallback` (an account made before time zones were asked for has none).
 */
export function zoneOrDefault(zone: string | null | undefined, fallback: string): string {
  return zone && isTimeZone(zone) ? zone : fallback;
}

/**
 * A class's start as a family reads it, in their zone and naming it, so a family travelling or
 * living elsewhere cannot mistake it: "Tue Mar 10, 4:00 PM EDT", "3月10日(火) 16:00 JST". Zones
 * without a common abbreviation show their offset ("GMT+9").
 */
export function zonedDateTime(at: Date, zone: string, locale: Language): string {
  const local = DateTime.fromJSDate(at).setZone(zone).setLocale(LOCALES[locale]);
  return locale === 'ja'
    ? local.toFormat('M月d日(ccc) H:mm ZZZZ')
    : local.toFormat('ccc LLL d, h:mm a ZZZZ');
}
