import type { FlatCalendarKlass } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { formatInstantRange } from '../../../lib/format-date';
import { isoWithOffset } from '../../../lib/zoned-time';
import {
  boxableKlasses,
  closingProblem,
  defaultClosing,
  fromLocalInput,
  klassRange,
  likelyKlass,
  toLocalInput,
} from '../closing-time';
import { PHOTO_BOX_LIMITS, translatePhotoBoxMessage } from '../photo-box-messages';
import { useOpenPhotoBoxMutation, usePhotoBoxKlassesQuery } from '../photo-boxes-api';
import { ClosingTimeInput } from './closing-time-input';

const FIELDS = ['klass_id', 'closes_at'];

/** The server names body fields `photo_box.closes_at`; the form knows them by their last part. */
const fieldOf = (serverName: string) => serverName.replace(/^photo_box\./, '');

/**
 * "Open a photo box": one of the teacher's sessions (the last 7 days, today and the coming
 * weeks; every session for admins) and a closing time, by default an hour after the session ends.
 */
export function OpenPhotoBoxDialog({
  zone,
  onClose,
  onOpened,
}: {
  zone: string;
  onClose: () => void;
  onOpened: () => void;
}) {
  const { t, i18n } = useTranslation();
  // Fixed while the dialog is open, so the range and the defaults stay put as it re-renders.
  const [now] = useState(() => Date.now());
  const klassesQuery = usePhotoBoxKlassesQuery(klassRange(now));
  const klasses = useMemo(() => boxableKlasses(klassesQuery.data ?? []), [klassesQuery.data]);
  // null until the teacher picks: the likely session, and an hour after it ends, are offered.
  const [pickedKlassId, setPickedKlassId] = useState<string | null>(null);
  const [pickedClosesAt, setPickedClosesAt] = useState<string | null>(null);
  const messages = useFormErrors({ fields: FIELDS });
  const [openBox, opening] = useOpenPhotoBoxMutation();
  const klass =
    pickedKlassId === null
      ? likelyKlass(klasses, now)
      : klasses.find((s) => s.id === pickedKlassId);
  const klassId = klass?.id ?? '';
  const closesAt =
    pickedClosesAt ?? (klass ? toLocalInput(defaultClosing(klass.ends_at, now), zone) : '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const instant = fromLocalInput(closesAt, zone);
    const closingKey = closingProblem(instant, Date.now());
    const problems = {
      klass_id: klassId ? undefined : t('photoBoxes.messages.sessionRequired'),
      closes_at: closingKey ? t(closingKey, PHOTO_BOX_LIMITS) : undefined,
    };
    messages.reset();
    if (problems.klass_id || problems.closes_at || instant === null) {
      messages.showMessages(problems);
      return;
    }
    const done = await messages.submit(
      () =>
        openBox({
          photo_box: { klass_id: klassId, closes_at: isoWithOffset(instant, zone) },
        }).unwrap(),
      { label: t('photoBoxes.openFailed'), fieldOf },
    );
    if (done) onOpened();
  };

  const helper = (name: string, hint?: string) => {
    const text = messages.message(name);
    return text === undefined ? hint : translatePhotoBoxMessage(text, t);
  };
  const klassLabel = (klass: FlatCalendarKlass) =>
    t('photoBoxes.sessionOption', {
      title: klass.title,
      when: formatInstantRange(klass.starts_at, klass.ends_at, zone, i18n.language),
    });
  const busy = opening.isLoading;

  return (
    <AppDialog
      open
      title={t('photoBoxes.openTitle')}
      onClose={busy ? () => undefined : onClose}
      testId="open-photo-box-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form="open-photo-box-form"
            variant="contained"
            disabled={busy || klasses.length === 0}
          >
            {t('photoBoxes.openConfirm')}
          </Button>
        </>
      }
    >
      <Box component="form" id="open-photo-box-form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <FormErrorAlert
            messages={messages.formMessages.map((text) => translatePhotoBoxMessage(text, t))}
          />
          {klassesQuery.isError && <Alert severity="error">{t('photoBoxes.sessionsFailed')}</Alert>}
          {klassesQuery.isSuccess && klasses.length === 0 && (
            <Alert severity="info">{t('photoBoxes.noSessions')}</Alert>
          )}
          <TextField
            select
            name="klass_id"
            label={t('photoBoxes.session')}
            value={klassId}
            onChange={(event) => {
              setPickedKlassId(event.target.value);
              // The closing time follows the session again.
              setPickedClosesAt(null);
              messages.clear('klass_id', 'closes_at');
            }}
            required
            fullWidth
            disabled={busy || klasses.length === 0}
            error={messages.message('klass_id') !== undefined}
            helperText={helper('klass_id', t('photoBoxes.sessionHint'))}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="" disabled />
            {klasses.map((klass) => (
              <option key={klass.id} value={klass.id}>
                {klassLabel(klass)}
              </option>
            ))}
          </TextField>
          <ClosingTimeInput
            value={closesAt}
            onChange={(value) => {
              setPickedClosesAt(value);
              messages.clear('closes_at');
            }}
            zone={zone}
            now={now}
            disabled={busy}
            error={helper('closes_at')}
          />
        </Stack>
      </Box>
    </AppDialog>
  );
}
