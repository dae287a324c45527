import type { PhotoBox, PhotoBoxPhoto } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { handleError, toApiError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { actionFailureText } from '../photo-box-messages';
import { useAssignBoxPhotoMutation, useDiscardBoxPhotoMutation } from '../photo-boxes-api';
import { StudentPicker } from './student-picker';

const THUMB_PX = 160;

/** The thumbnail, or its blurred placeholder while the image is processed. */
function Thumbnail({ photo, alt }: { photo: PhotoBoxPhoto; alt: string }) {
  const { t } = useTranslation();
  const { image } = photo;
  const ready = image.status === 'ready' && image.thumb_url;
  return (
    <Box
      sx={{
        width: THUMB_PX,
        height: THUMB_PX,
        bgcolor: 'grey.200',
        backgroundImage: image.placeholder ? `url("${image.placeholder}")` : undefined,
        backgroundSize: 'cover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {ready ? (
        <img
          src={image.thumb_url ?? undefined}
          alt={alt}
          width={THUMB_PX}
          height={THUMB_PX}
          loading="lazy"
          style={{ objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Typography
          role="img"
          aria-label={alt}
          variant="body2"
          sx={{ bgcolor: 'rgba(255,255,255,0.8)', px: 1, borderRadius: 1 }}
          data-testid="box-photo-processing"
        >
          {image.status === 'failed'
            ? t('photoBoxes.processingFailed')
            : t('photoBoxes.processing')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * One uploaded photo: its thumbnail and, while it waits, the students it shows (one or several of
 * the session: the photo becomes one post tagged with each) and "Discard" (asked first). An
 * assigned photo names its students, and says when one child's consent holds it back.
 */
export function BoxPhotoTile({
  box,
  photo,
  number,
  uploadedAt,
}: {
  box: PhotoBox;
  photo: PhotoBoxPhoto;
  /** The photo's place in the box, from 1, naming it to screen readers. */
  number: number;
  uploadedAt: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [chosen, setChosen] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  const [assign, assigning] = useAssignBoxPhotoMutation();
  const [discard, discarding] = useDiscardBoxPhotoMutation();
  const busy = assigning.isLoading || discarding.isLoading;
  const ids = { boxId: box.id, photoId: photo.id };
  const studentName = (id: string | null) => box.students.find((s) => s.id === id)?.name ?? '';
  const names = (ids: readonly string[]) => ids.map(studentName).filter(Boolean).join(', ');

  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));
  const failed = (error: unknown, label: string) => {
    const text = actionFailureText(toApiError(error), t);
    handleError(error, text ?? label);
  };

  const assignPhoto = async () => {
    if (chosen.length === 0) return;
    try {
      await assign({ ...ids, attendee_profile_ids: chosen }).unwrap();
      notify(t('photoBoxes.assigned', { name: names(chosen) }));
    } catch (error) {
      failed(error, t('photoBoxes.assignFailed'));
    }
  };
  const discardPhoto = async () => {
    setAsking(false);
    try {
      await discard(ids).unwrap();
      notify(t('photoBoxes.discarded'));
    } catch (error) {
      failed(error, t('photoBoxes.discardFailed'));
    }
  };

  return (
    <Card
      variant="outlined"
      component="li"
      sx={{ listStyle: 'none', width: THUMB_PX + 32 }}
      data-testid="box-photo"
      data-photo-id={photo.id}
      data-status={photo.status}
    >
      <CardContent sx={{ p: 2 }}>
        <Thumbnail photo={photo} alt={t('photoBoxes.photoAlt', { number, time: uploadedAt })} />
        {photo.status === 'assigned' && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="box-photo-assigned">
            {t('photoBoxes.assignedTo', {
              name: names(
                photo.attendee_profile_ids.length > 0
                  ? photo.attendee_profile_ids
                  : [photo.attendee_profile_id ?? ''],
              ),
            })}
          </Typography>
        )}
        {photo.status === 'assigned' && photo.held_back && (
          <Typography variant="body2" color="warning.main" data-testid="box-photo-held-back">
            {t('photoBoxes.heldBackNote')}
          </Typography>
        )}
        {photo.status === 'waiting' && (
          <Stack spacing={1} sx={{ mt: 1.5 }}>
            {box.students.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('photoBoxes.noStudents')}
              </Typography>
            ) : (
              <>
                <StudentPicker
                  legend={t('photoBoxes.assignTo', { number })}
                  hint={t('photoBoxes.assignHint')}
                  students={box.students}
                  chosen={chosen}
                  onChange={setChosen}
                  disabled={busy}
                />
                <Button
                  variant="contained"
                  size="small"
                  onClick={assignPhoto}
                  disabled={chosen.length === 0 || busy}
                  aria-label={t('photoBoxes.assignLabel', { number })}
                >
                  {t('photoBoxes.assign')}
                </Button>
              </>
            )}
            <Button
              size="small"
              color="error"
              onClick={() => setAsking(true)}
              disabled={busy}
              aria-label={t('photoBoxes.discardLabel', { number })}
            >
              {t('photoBoxes.discard')}
            </Button>
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking}
        title={t('photoBoxes.discardTitle')}
        message={t('photoBoxes.discardQuestion')}
        confirmLabel={t('photoBoxes.discard')}
        onConfirm={discardPhoto}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
