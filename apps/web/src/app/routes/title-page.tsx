import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import type { MessageKey } from '../../i18n/i18n';

/**
 * A page that, for now, shows its title only (docs/product.md#routes-and-screens: the content of each page beyond what is
 * listed is not shown). The issue that builds the page replaces its route file.
 */
export function TitlePage({ title }: { title: MessageKey }) {
  const { t } = useTranslation();
  return <PageTitle title={t(title)} />;
}
