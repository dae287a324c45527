import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/**
 * What a student (a family account) sees at /photo_box: the menu shows the photo box to everyone
 * signed in (docs/product.md#routes-and-screens), but only teachers and admins open boxes.
 */
export function PhotoBoxTeachersOnly() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="photo-box-teachers-only" sx={{ maxWidth: 720 }}>
      <AlertTitle>{t('photoBoxes.teachersOnlyTitle')}</AlertTitle>
      {t('photoBoxes.teachersOnly')}
    </Alert>
  );
}
