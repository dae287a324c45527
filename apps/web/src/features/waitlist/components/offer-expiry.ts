import { dateTimeFormat } from '../../../lib/date-formatter';

/** When an offer ends, in the viewer's zone. */
export function formatOfferEnd(iso: string, zone: string, locale: string): string {
  return dateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(Date.parse(iso));
}
