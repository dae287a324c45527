import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';

/** An instant in the viewer's language and time zone, date and time. */
export function useDateTime() {
  const { i18n } = useTranslation();
  const user = useAppSelector(selectUser);
  const format = dateTimeFormat(i18n.language, {
    timeZone: timeZoneOf(user),
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(Date.parse(iso));
}
