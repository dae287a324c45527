import type { PhotoBox } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { handleError, toApiError } from '../../../lib/api-client';
import { isoWithOffset } from '../../../lib/zoned-time';
import { closingProblem, extendedClosing, fromLocalInput, toLocalInput } from '../closing-time';
import { actionFailureText, PHOTO_BOX_LIMITS } from '../photo-box-messages';
import { useSetPhotoBoxClosingMutation } from '../photo-boxes-api';
import { ClosingTimeInput } from './closing-time-input';

/** "Extend": a later closing time for an open box, an hour more by default. */
export function ExtendBoxDialog({
  box,
  zone,
  onClose,
  onExtended,
}: {
  box: PhotoBox;
  zone: string;
  onClose: () => void;
  onExtended: (closesAt: number) => void;
}) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const [value, setValue] = useState(() => toLocalInput(extendedClosing(box.closes_at, now), zone));
  const [error, setError] = useState<string | undefined>();
  const [setClosing, saving] = useSetPhotoBoxClosingMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const instant = fromLocalInput(value, zone);
    const problem = closingProblem(instant, Date.now());
    if (problem || instant === null) {
      setError(t(problem ?? 'photoBoxes.messages.closesAtInvalid', PHOTO_BOX_LIMITS));
      return;
    }
    try {
      await setClosing({ id: box.id, closesAt: isoWithOffset(instant, zone) }).unwrap();
      onExtended(instant);
    } catch (failure) {
      const text = actionFailureText(toApiError(failure), t);
      if (toApiError(failure).status === 422 && text) setError(text);
      else handleError(failure, text ?? t('photoBoxes.changeFailed'));
    }
  };

  return (
    <AppDialog
      open
      title={t('photoBoxes.extendTitle')}
      onClose={saving.isLoading ? () => undefined : onClose}
      testId="extend-photo-box-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={saving.isLoading}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form="extend-photo-box-form"
            variant="contained"
            disabled={saving.isLoading}
          >
            {t('photoBoxes.extendConfirm')}
          </Button>
        </>
      }
    >
      <Box component="form" id="extend-photo-box-form" noValidate onSubmit={submit} sx={{ pt: 1 }}>
        <ClosingTimeInput
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          zone={zone}
          now={now}
          error={error}
          disabled={saving.isLoading}
        />
      </Box>
    </AppDialog>
  );
}
