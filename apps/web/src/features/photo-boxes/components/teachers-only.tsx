import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * What a student (a family account) or a visitor sees at /photo_box: the menu shows the photo box
 * to everyone signed in (docs/product.md#routes-and-screens), but only teachers and admins open
 * boxes. `loginTo`: for a visitor, the login page that comes back here.
 */
export function PhotoBoxTeachersOnly({ loginTo = null }: { loginTo?: string | null }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="photo-box-teachers-only" sx={{ maxWidth: 720 }}>
      <AlertTitle>{t('photoBoxes.teachersOnlyTitle')}</AlertTitle>
      {t('photoBoxes.teachersOnly')}
      {loginTo && (
        <>
          {' '}
          <Link component={RouterLink} to={loginTo}>
            {t('photoBoxes.teachersLogIn')}
          </Link>
        </>
      )}
    </Alert>
  );
}
