import { DEFAULT_TIMEZONE, isTimeZone } from '@atelier/contract';

/**
 * The browser's IANA time zone, or America/New_York (docs/product.md#constants) when it reports none the server
 * would accept.
 */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

let cached: string[] | null = null;

/**
 * Every IANA zone this browser knows, sorted, always including the default, UTC and `extra`
 * (the browser's own or the user's saved zone may be an alias the list leaves out, such as
 * Asia/Calcutta).
 */
export function timeZoneOptions(...extra: (string | null | undefined)[]): string[] {
  if (!cached) {
    let listed: string[] = [];
    try {
      listed = Intl.supportedValuesOf('timeZone');
    } catch {
      // Older browsers: the default and the extras still make a usable list.
    }
    cached = listed;
  }
  const all = new Set([...cached, DEFAULT_TIMEZONE, 'UTC']);
  for (const zone of extra) if (zone) all.add(zone);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** 'America/New_York' → 'America / New York': easier to read and to search by city. */
export function timeZoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ').replace(/\//g, ' / ');
}
