import { dateTimeFormat } from '../../lib/date-formatter';

/** A session's date in the viewer's zone: 'Mar 14, 2026' ('2026/03/14' in Japanese). */
export function formatKlassDate(startsAt: string, zone: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: zone }).format(
    Date.parse(startsAt),
  );
}
