import type { PhotoBox } from '@atelier/contract';
import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageParam } from '../../../components/admin/use-page-param';
import { formatInstantRange } from '../../../lib/format-date';
import { pageCount } from '../../../lib/paged-list';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { usePhotoBoxesQuery } from '../photo-boxes-api';
import { HeldPhotos } from './held-photos';
import { OpenPhotoBoxDialog } from './open-photo-box-dialog';
import { PhotoBoxDetails } from './photo-box-card';

/**
 * How often the list is asked again while uploads may arrive (a box is open, or a photo is still
 * being processed): new photos show up within seconds without a live channel for a feature used
 * a few minutes per class.
 */
export const PHOTO_BOX_POLL_MS = 4000;

function stillChanging(boxes: readonly PhotoBox[] | undefined): boolean {
  return (boxes ?? []).some(
    (box) => box.open || box.photos.some((photo) => photo.image.status === 'pending'),
  );
}

/**
 * /photo_box (teachers and admins; docs/product.md#photo-box): open a box for a session, show its
 * link and QR code, and give each uploaded photo to a student or discard it. Open boxes come
 * first; closed ones below, collapsed. Paged like every list (`?page=`).
 */
export function PhotoBoxManager() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const zone = timeZoneOf(useAppSelector(selectUser));
  const [page, setPage] = usePageParam();
  const [opening, setOpening] = useState(false);
  const [polling, setPolling] = useState(false);
  const { data, isError, isLoading } = usePhotoBoxesQuery(page, {
    pollingInterval: polling ? PHOTO_BOX_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const changing = stillChanging(data?.items);
  if (changing !== polling) setPolling(changing);

  const title = (box: PhotoBox) =>
    t('photoBoxes.boxTitle', {
      name: box.klass.klass_group_name,
      when: formatInstantRange(box.klass.starts_at, box.klass.ends_at, zone, i18n.language),
    });
  const openBoxes = data?.items.filter((box) => box.open) ?? [];
  const closedBoxes = data?.items.filter((box) => !box.open) ?? [];

  return (
    <Box data-testid="photo-box-manager">
      <Typography sx={{ mb: 2, maxWidth: 720 }}>{t('photoBoxes.intro')}</Typography>
      <Button
        variant="contained"
        startIcon={<AddAPhotoIcon />}
        onClick={() => setOpening(true)}
        sx={{ mb: 3 }}
      >
        {t('photoBoxes.open')}
      </Button>
      {isError && <Alert severity="error">{t('photoBoxes.loadFailed')}</Alert>}
      {data && data.meta.total === 0 && (
        <Typography color="text.secondary">{t('photoBoxes.empty')}</Typography>
      )}
      {data && data.meta.total > 0 && (
        <>
          <Box component="section" aria-labelledby="open-photo-boxes" sx={{ mb: 4 }}>
            <Typography id="open-photo-boxes" variant="h2" component="h2" sx={{ mb: 2 }}>
              {t('photoBoxes.openBoxes')}
            </Typography>
            {openBoxes.length === 0 && (
              <Typography color="text.secondary">{t('photoBoxes.noOpenBoxes')}</Typography>
            )}
            <Stack spacing={2}>
              {openBoxes.map((box) => (
                <Card key={box.id} variant="outlined">
                  <CardContent>
                    <Typography variant="h3" component="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
                      {title(box)}
                    </Typography>
                    <PhotoBoxDetails box={box} zone={zone} />
                  </CardContent>
                </Card>
              ))}
            </Stack>
          </Box>
          {closedBoxes.length > 0 && (
            <Box component="section" aria-labelledby="closed-photo-boxes">
              <Typography id="closed-photo-boxes" variant="h2" component="h2" sx={{ mb: 2 }}>
                {t('photoBoxes.closedBoxes')}
              </Typography>
              {closedBoxes.map((box) => (
                <Accordion key={box.id} disableGutters data-testid="closed-photo-box">
                  <AccordionSummary
                    expandIcon={<ExpandMoreIcon />}
                    aria-controls={`photo-box-${box.id}-details`}
                    id={`photo-box-${box.id}-summary`}
                  >
                    {title(box)}
                  </AccordionSummary>
                  <AccordionDetails id={`photo-box-${box.id}-details`}>
                    <PhotoBoxDetails box={box} zone={zone} />
                  </AccordionDetails>
                </Accordion>
              ))}
            </Box>
          )}
          {pageCount(data.meta) > 1 && (
            <Pagination
              sx={{ mt: 3 }}
              page={page}
              count={pageCount(data.meta)}
              onChange={(_event, next) => setPage(next)}
            />
          )}
        </>
      )}
      {isLoading && <Typography color="text.secondary">{t('common.loading')}</Typography>}
      <HeldPhotos />
      {opening && (
        <OpenPhotoBoxDialog
          zone={zone}
          onClose={() => setOpening(false)}
          onOpened={() => {
            setOpening(false);
            if (page !== 1) setPage(1);
            dispatch(snackbarShown({ content: t('photoBoxes.opened'), type: 'success' }));
          }}
        />
      )}
    </Box>
  );
}
