import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../lib/route-paths';

/** The frame of one sandbox page: a way back to the catalogue, the title, the demo. */
export function SandboxPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section>
      <Link component={RouterLink} to={paths.sandbox} sx={{ display: 'inline-block', mb: 1 }}>
        {t('sandbox.back')}
      </Link>
      <PageTitle title={title} />
      {children}
    </section>
  );
}
