import { photoBoxTokenSchema } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { usePhotoBoxLinkQuery } from '../photo-boxes-api';
import { PhotoUploader } from './photo-uploader';

/** The viewer's zone: a signed-in user's own, else the device's (most uploaders are signed out). */
function useViewerZone(): string {
  const user = useAppSelector(selectUser);
  if (user) return timeZoneOf(user);
  return Intl.DateTimeFormat().resolvedOptions().timeZone || timeZoneOf(null);
}

/**
 * /photo_upload?box={token} (anyone holding the link, signed in or not; docs/product.md#photo-box):
 * the class and session the photos are for, how long the box is open, and the uploader. A closed
 * or unknown box says so and offers nothing to upload. Laid out for a phone first.
 */
export function PhotoUploadPage({ token }: { token: string | null }) {
  const { t, i18n } = useTranslation();
  const zone = useViewerZone();
  // A malformed token cannot name a box: no need to ask the server.
  const valid = token !== null && photoBoxTokenSchema.safeParse(token).success;
  const link = usePhotoBoxLinkQuery(token ?? '', { skip: !valid });

  if (!valid || (link.isError && 'status' in link.error && link.error.status === 404)) {
    return (
      <Alert severity="warning" data-testid="photo-upload-unknown">
        {t('photoBoxes.upload.unknown')}
      </Alert>
    );
  }
  if (link.isError) {
    return (
      <Alert severity="error" data-testid="photo-upload-load-failed">
        {t('photoBoxes.upload.loadFailed')}
      </Alert>
    );
  }
  if (!link.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }

  const box = link.data;
  const format = (options: Intl.DateTimeFormatOptions, instant: string) =>
    dateTimeFormat(i18n.language, { ...options, timeZone: zone }).format(Date.parse(instant));
  return (
    <Box data-testid="photo-upload" sx={{ maxWidth: 560 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.5rem', mb: 0.5 }}>
        {box.klass_group_name}
      </Typography>
      <Typography data-testid="photo-upload-klass">
        {format({ dateStyle: 'full', timeStyle: 'short' }, box.starts_at)}
      </Typography>
      {box.open ? (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="photo-upload-open-until">
            {t('photoBoxes.upload.openUntil', {
              time: format({ dateStyle: 'medium', timeStyle: 'short' }, box.closes_at),
            })}
          </Typography>
          <PhotoUploader token={token ?? ''} />
        </>
      ) : (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="photo-upload-closed">
          {t('photoBoxes.upload.closed')}
        </Alert>
      )}
    </Box>
  );
}
