import type { SearchResult } from '@atelier/contract';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatCents } from '../../../lib/money';

/** The second line of a result, in the UI's language; dates in `timeZone`. */
export function useResultDetail(timeZone: string): (result: SearchResult) => string {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (result) => {
    switch (result.group) {
      case 'programmes':
        return [
          t(`manageClasses.audiences.${result.audience}`),
          t(`manageClasses.formats.${result.format}`),
        ].join(' · ');
      case 'students':
        return result.family ? t('siteSearch.family', { name: result.family }) : '';
      case 'families':
        return result.email;
      case 'teachers':
        return result.teaches
          ? `${result.email} · ${t('siteSearch.teaches', result.teaches)}`
          : result.email;
      case 'orders':
        return [
          result.customer ?? t('siteSearch.noCustomer'),
          t(`orders.status.${result.status}`),
          formatCents(result.total, result.currency, locale),
          dateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(
            Date.parse(result.created_at),
          ),
        ].join(' · ');
    }
  };
}
