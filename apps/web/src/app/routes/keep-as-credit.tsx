import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { KeepAsCreditPage } from '../../features/orders';

/** /refund/keep-as-credit?token=: a late payment's mailed link (docs/architecture.md#refunds). */
export function Component() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <PageTitle title={t('pages.keepAsCredit')} />
      <KeepAsCreditPage />
    </Stack>
  );
}
