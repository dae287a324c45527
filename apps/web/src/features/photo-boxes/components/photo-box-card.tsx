import { APP_BASE, type PhotoBox } from '@atelier/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { handleError, toApiError } from '../../../lib/api-client';
import { clientConfig } from '../../../lib/client-config';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { isoWithOffset } from '../../../lib/zoned-time';
import { actionFailureText } from '../photo-box-messages';
import { useSetPhotoBoxClosingMutation } from '../photo-boxes-api';
import { BoxPhotoTile } from './box-photo-tile';
import { BoxQrCode } from './box-qr-code';
import { ExtendBoxDialog } from './extend-box-dialog';
import { LoopbackLinkHint } from './loopback-link-hint';

/**
 * Where a box's link points: APP_URL, since the link is opened on other devices, which may not
 * reach the address this page was loaded from; the page's own origin when the page was served
 * without the server's config (vite dev).
 */
export function linkOrigin(
  appUrl: string = clientConfig().appUrl,
  pageOrigin: string = window.location.origin,
): string {
  return appUrl || pageOrigin;
}

/**
 * The upload page's whole URL. `upload_path` is the page under the app's base
 * (PHOTO_BOX_PAGES.upload); one that already starts with it is taken as it is.
 */
export function uploadUrl(uploadPath: string, origin: string = linkOrigin()): string {
  const path = uploadPath.startsWith(`${APP_BASE}/`) ? uploadPath : `${APP_BASE}${uploadPath}`;
  return `${origin}${path}`;
}

/** Formats instants in the teacher's zone and language. */
export function useInstantFormat(zone: string) {
  const { i18n } = useTranslation();
  return (instant: string | number) =>
    dateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: zone,
    }).format(typeof instant === 'number' ? instant : Date.parse(instant));
}

/** The open box's link, copy button and QR code, its closing time, "Close now" and "Extend". */
function BoxLink({ box, zone }: { box: PhotoBox; zone: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const format = useInstantFormat(zone);
  const [asking, setAsking] = useState<'close' | 'extend' | null>(null);
  const [setClosing, closing] = useSetPhotoBoxClosingMutation();
  const url = uploadUrl(box.upload_path);
  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify(t('photoBoxes.copied'));
    } catch {
      // Clipboard access can be refused (permissions, insecure origin): the URL stays selectable.
      dispatch(snackbarShown({ content: t('photoBoxes.copyFailed'), type: 'warning' }));
    }
  };
  const closeNow = async () => {
    setAsking(null);
    try {
      await setClosing({ id: box.id, closesAt: isoWithOffset(Date.now(), zone) }).unwrap();
      notify(t('photoBoxes.closedNow'));
    } catch (error) {
      handleError(error, actionFailureText(toApiError(error), t) ?? t('photoBoxes.changeFailed'));
    }
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <BoxQrCode url={url} name={box.klass.klass_group_name} />
      <Stack spacing={1.5} sx={{ flexGrow: 1, width: '100%', maxWidth: 640 }}>
        <TextField
          label={t('photoBoxes.link')}
          value={url}
          fullWidth
          helperText={t('photoBoxes.linkHint')}
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
          data-testid="photo-box-link"
        />
        <LoopbackLinkHint url={url} />
        <Box>
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
            {t('photoBoxes.copy')}
          </Button>
        </Box>
        <Typography data-testid="photo-box-closes">
          {t('photoBoxes.openUntil', { time: format(box.closes_at) })}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            onClick={() => setAsking('extend')}
            disabled={closing.isLoading}
          >
            {t('photoBoxes.extend')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            onClick={() => setAsking('close')}
            disabled={closing.isLoading}
          >
            {t('photoBoxes.closeNow')}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={asking === 'close'}
        title={t('photoBoxes.closeTitle')}
        message={t('photoBoxes.closeQuestion')}
        confirmLabel={t('photoBoxes.closeNow')}
        onConfirm={closeNow}
        onCancel={() => setAsking(null)}
      />
      {asking === 'extend' && (
        <ExtendBoxDialog
          box={box}
          zone={zone}
          onClose={() => setAsking(null)}
          onExtended={(closesAt) => {
            setAsking(null);
            notify(t('photoBoxes.extended', { time: format(closesAt) }));
          }}
        />
      )}
    </Stack>
  );
}

/** The box's uploads, oldest first (numbered in that order), discarded ones left out. */
function BoxUploads({ box, zone }: { box: PhotoBox; zone: string }) {
  const { t } = useTranslation();
  const format = useInstantFormat(zone);
  const headingId = useId();
  const numbered = [...box.photos]
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
    .map((photo, index) => ({ photo, number: index + 1 }))
    .filter(({ photo }) => photo.status !== 'discarded');
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h4" component="h4" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('photoBoxes.uploads')}
      </Typography>
      {numbered.length === 0 ? (
        <Typography color="text.secondary">{t('photoBoxes.noUploads')}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 0, m: 0 }}
          data-testid="box-photos"
        >
          {numbered.map(({ photo, number }) => (
            <BoxPhotoTile
              key={photo.id}
              box={box}
              photo={photo}
              number={number}
              uploadedAt={format(photo.created_at)}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * One photo box: while open, its link and QR code with the closing controls; always, its uploads
 * to assign or discard (a box closed after class still holds the photos to sort).
 */
export function PhotoBoxDetails({ box, zone }: { box: PhotoBox; zone: string }) {
  const { t } = useTranslation();
  const format = useInstantFormat(zone);
  return (
    <Box data-testid="photo-box" data-box-id={box.id}>
      {box.opened_by && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('photoBoxes.openedBy', { name: box.opened_by.name })}
        </Typography>
      )}
      {box.open ? (
        <BoxLink box={box} zone={zone} />
      ) : (
        <Typography color="text.secondary">
          {t('photoBoxes.closedAt', { time: format(box.closes_at) })}
        </Typography>
      )}
      <BoxUploads box={box} zone={zone} />
    </Box>
  );
}
