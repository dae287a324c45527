import type { HeldPhoto } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError, toApiError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { actionFailureText } from '../photo-box-messages';
import {
  useCropBoxPhotoMutation,
  useHeldPhotosQuery,
  useRetagBoxPhotoMutation,
} from '../photo-boxes-api';
import { StudentPicker } from './student-picker';

const PREVIEW_PX = 240;
type Rect = { x: string; y: string; width: string; height: string };
const FIELDS = ['x', 'y', 'width', 'height'] as const;
const LABEL_KEY = {
  x: 'photoBoxes.held.cropX',
  y: 'photoBoxes.held.cropY',
  width: 'photoBoxes.held.cropWidth',
  height: 'photoBoxes.held.cropHeight',
} as const;

/** One held-back group photo: who is tagged with which choice, re-tag, and a numeric crop. */
function HeldPhotoCard({ held }: { held: HeldPhoto }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { attributes: a } = held;
  const [chosen, setChosen] = useState<string[]>(a.tagged.map((s) => s.id));
  const width = a.image.width ?? 0;
  const height = a.image.height ?? 0;
  const [rect, setRect] = useState<Rect>({
    x: '0',
    y: '0',
    width: String(width),
    height: String(height),
  });
  const [retag, retagging] = useRetagBoxPhotoMutation();
  const [crop, cropping] = useCropBoxPhotoMutation();
  const busy = retagging.isLoading || cropping.isLoading;
  const ids = { boxId: a.photo_box_id, photoId: held.id };
  const failed = (error: unknown, label: string) =>
    handleError(error, actionFailureText(toApiError(error), t) ?? label);
  const done = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));

  const saveTags = async () => {
    try {
      await retag({ ...ids, attendee_profile_ids: chosen }).unwrap();
      done(t('photoBoxes.held.tagsSaved'));
    } catch (error) {
      failed(error, t('photoBoxes.held.tagsFailed'));
    }
  };
  const cropPhoto = async () => {
    try {
      await crop({
        ...ids,
        crop: {
          x: Number(rect.x),
          y: Number(rect.y),
          width: Number(rect.width),
          height: Number(rect.height),
        },
      }).unwrap();
      done(t('photoBoxes.held.cropped'));
    } catch (error) {
      failed(error, t('photoBoxes.held.cropFailed'));
    }
  };

  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} data-testid="held-photo">
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Box>
            {a.image.url ? (
              <img
                src={a.image.url}
                alt={t('photoBoxes.held.photoAlt', { name: a.klass_group_name })}
                width={PREVIEW_PX}
                style={{ height: 'auto', display: 'block', borderRadius: 4 }}
              />
            ) : (
              <Typography
                role="img"
                aria-label={t('photoBoxes.held.photoAlt', { name: a.klass_group_name })}
              >
                {t('photoBoxes.processing')}
              </Typography>
            )}
            <Typography variant="body2" sx={{ mt: 1, maxWidth: PREVIEW_PX }}>
              {t('photoBoxes.held.tagged', {
                names: a.tagged
                  .map((s) => t(`photoBoxes.held.visibility_${s.visibility}`, { name: s.name }))
                  .join(', '),
              })}
            </Typography>
          </Box>
          <Stack spacing={1} sx={{ minWidth: 200 }}>
            <StudentPicker
              legend={t('photoBoxes.held.tagsLegend')}
              students={a.students}
              chosen={chosen}
              onChange={setChosen}
              disabled={busy}
            />
            <Button
              variant="outlined"
              size="small"
              onClick={saveTags}
              disabled={busy || chosen.length === 0}
            >
              {t('photoBoxes.held.saveTags')}
            </Button>
          </Stack>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} disabled={busy}>
            <Typography component="legend" variant="body2" sx={{ mb: 1 }}>
              {t('photoBoxes.held.cropLegend', { width, height })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
              {FIELDS.map((field) => (
                <TextField
                  key={field}
                  type="number"
                  size="small"
                  label={t(LABEL_KEY[field])}
                  value={rect[field]}
                  onChange={(event) => setRect({ ...rect, [field]: event.target.value })}
                  slotProps={{ htmlInput: { min: 0, step: 1 } }}
                  sx={{ width: 96 }}
                />
              ))}
            </Stack>
            <Button variant="outlined" size="small" onClick={cropPhoto} disabled={busy}>
              {t('photoBoxes.held.crop')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Staff's list of group photos held back by one child's stricter consent (decision 073): crop the
 * child out or change who is tagged; a photo leaves the list once no longer held back.
 */
export function HeldPhotos() {
  const { t } = useTranslation();
  const { data, isError } = useHeldPhotosQuery();
  return (
    <Box component="section" aria-labelledby="held-photos" sx={{ mt: 4 }} data-testid="held-photos">
      <Typography id="held-photos" variant="h2" component="h2" sx={{ mb: 1 }}>
        {t('photoBoxes.held.title')}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: 720 }}>{t('photoBoxes.held.intro')}</Typography>
      {isError && <Alert severity="error">{t('photoBoxes.held.loadFailed')}</Alert>}
      {data && data.length === 0 && (
        <Typography color="text.secondary">{t('photoBoxes.held.empty')}</Typography>
      )}
      {data && data.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
          {data.map((held) => (
            <HeldPhotoCard key={`${held.id}-${held.attributes.image.id}`} held={held} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
