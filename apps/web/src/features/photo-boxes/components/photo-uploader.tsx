import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_BOX_LIMITS, uploadFailureText } from '../photo-box-messages';
import { type RefusedFile, sortPhotoFiles } from '../photo-files';
import { type QueuedPhoto, useUploadQueue } from '../use-upload-queue';

/** A file input reached through its button: out of the tab order and the accessibility tree. */
const hiddenInput: CSSProperties = {
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: 1,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
};

function PhotoRow({ photo, onRetry }: { photo: QueuedPhoto; onRetry: () => void }) {
  const { t } = useTranslation();
  const { state, file } = photo;
  return (
    <Box
      component="li"
      data-testid="photo-upload-item"
      data-state={state.phase}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {state.phase === 'done' && <CheckCircleIcon color="success" fontSize="small" />}
        {state.phase === 'failed' && <ErrorIcon color="error" fontSize="small" />}
        <Typography sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {file.name}
        </Typography>
        {state.phase === 'failed' && (
          <Button
            size="small"
            onClick={onRetry}
            aria-label={t('photoBoxes.upload.retryLabel', { name: file.name })}
          >
            {t('photoBoxes.upload.retry')}
          </Button>
        )}
      </Stack>
      {state.phase === 'uploading' && (
        <LinearProgress
          variant="determinate"
          value={state.percent}
          aria-label={t('photoBoxes.upload.progress', { name: file.name })}
          sx={{ mt: 1 }}
        />
      )}
      <Typography
        variant="body2"
        color={state.phase === 'failed' ? 'error' : 'text.secondary'}
        data-testid="photo-upload-item-status"
      >
        {state.phase === 'queued' && t('photoBoxes.upload.queued')}
        {state.phase === 'uploading' &&
          t('photoBoxes.upload.uploading', { percent: state.percent })}
        {state.phase === 'done' && t('photoBoxes.upload.done')}
        {state.phase === 'failed' &&
          t('photoBoxes.upload.failed', { message: uploadFailureText(state.error, t) })}
      </Typography>
    </Box>
  );
}

/**
 * Takes photos with the phone's camera or chooses them from the device, refuses what is not an
 * image or is too large before anything is sent, and uploads the rest one after another, each
 * with its progress and, when it fails, a retry.
 */
export function PhotoUploader({ token }: { token: string }) {
  const { t } = useTranslation();
  const { photos, add, retry } = useUploadQueue(token);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const camera = useRef<HTMLInputElement>(null);
  const library = useRef<HTMLInputElement>(null);

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const sorted = sortPhotoFiles(Array.from(event.target.files ?? []));
    setRefused(sorted.refused);
    add(sorted.accepted);
    // Lets the same photo be chosen again (after a failure, say).
    event.target.value = '';
  };

  return (
    <Box>
      <Typography sx={{ mb: 2 }}>{t('photoBoxes.upload.intro')}</Typography>
      <Stack spacing={1.5}>
        <Button
          variant="contained"
          size="large"
          startIcon={<PhotoCameraIcon />}
          onClick={() => camera.current?.click()}
          data-testid="photo-upload-take"
          fullWidth
        >
          {t('photoBoxes.upload.take')}
        </Button>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          tabIndex={-1}
          aria-hidden="true"
          aria-label={t('photoBoxes.upload.take')}
          data-testid="photo-upload-take-input"
          onChange={chosen}
          style={hiddenInput}
        />
        <Button
          variant="outlined"
          size="large"
          startIcon={<PhotoLibraryIcon />}
          onClick={() => library.current?.click()}
          data-testid="photo-upload-choose"
          fullWidth
        >
          {t('photoBoxes.upload.choose')}
        </Button>
        <input
          ref={library}
          type="file"
          accept="image/*"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          aria-label={t('photoBoxes.upload.choose')}
          data-testid="photo-upload-choose-input"
          onChange={chosen}
          style={hiddenInput}
        />
        <Typography variant="body2" color="text.secondary">
          {t('photoBoxes.upload.rules', PHOTO_BOX_LIMITS)}
        </Typography>
      </Stack>
      {refused.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="photo-upload-refused">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('photoBoxes.upload.refused')}
          </Typography>
          {refused.map((file, index) => (
            // Two chosen files may share a name; the list is replaced whole, never reordered.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Typography key={index} variant="body2">
              {t(`photoBoxes.upload.${file.reason}`, { name: file.name, ...PHOTO_BOX_LIMITS })}
            </Typography>
          ))}
        </Alert>
      )}
      {photos.length > 0 && (
        <Box
          component="ul"
          aria-label={t('photoBoxes.upload.listLabel')}
          data-testid="photo-upload-list"
          sx={{ p: 0, mt: 2 }}
        >
          {photos.map((photo) => (
            <PhotoRow key={photo.key} photo={photo} onRetry={() => retry(photo.key)} />
          ))}
        </Box>
      )}
    </Box>
  );
}
