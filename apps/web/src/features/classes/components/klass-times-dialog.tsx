import type { FlatKlass } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { useAddKlassMutation, useUpdateKlassMutation } from '../classes-api';
import {
  type KlassTimesValues,
  klassTimesBody,
  klassTimesFieldOf,
  klassTimesValues,
  validateKlassTimes,
} from '../klass-times-form';

type Props = {
  scheduleId: string;
  /** The schedule's zone: the typed times are wall-clock times there. */
  timeZone: string;
  /** The session to move; absent to add an extra session. */
  klass?: FlatKlass;
  onClose: () => void;
  onSaved: (message: string) => void;
};

const shrink = { inputLabel: { shrink: true } };

/** Moves a session to new times, or adds an extra one, in the schedule's time zone. */
export function KlassTimesDialog({ scheduleId, timeZone, klass, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<KlassTimesValues>(() =>
    klass
      ? klassTimesValues(klass.starts_at, klass.ends_at, timeZone)
      : { date: '', start_time: '', end_time: '' },
  );
  const messages = useFormErrors({ fields: ['date', 'start_time', 'end_time'] });
  const [addKlass, adding] = useAddKlassMutation();
  const [updateKlass, updating] = useUpdateKlassMutation();
  const busy = adding.isLoading || updating.isLoading;

  const set = (name: keyof KlassTimesValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    messages.clear(name);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!messages.check(validateKlassTimes(values))) return;
    const times = klassTimesBody(values, timeZone);
    await messages.submit(
      async () => {
        if (klass) await updateKlass({ id: klass.id, scheduleId, fields: times }).unwrap();
        else await addKlass({ scheduleId, ...times }).unwrap();
        onSaved(t(klass ? 'manageClasses.sessions.moved' : 'manageClasses.sessions.added'));
        onClose();
      },
      // The server names the instants (`starts_at`); the form asks for a date and two times.
      { label: t('manageClasses.sessions.saveFailed'), fieldOf: klassTimesFieldOf },
    );
  };

  return (
    <AppDialog
      open
      title={t(klass ? 'manageClasses.sessions.moveTitle' : 'manageClasses.sessions.addTitle')}
      onClose={busy ? () => undefined : onClose}
      testId="klass-times-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="klass-times-form" variant="contained" disabled={busy}>
            {t(klass ? 'manageClasses.sessions.move' : 'manageClasses.sessions.add')}
          </Button>
        </>
      }
    >
      <Box component="form" id="klass-times-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={messages.formMessages} />
          <Typography variant="body2">
            {t('manageClasses.sessions.zoneNote', { zone: timeZone })}
          </Typography>
          <TextField
            type="date"
            label={t('manageClasses.sessions.date')}
            value={values.date}
            onChange={(e) => set('date', e.target.value)}
            required
            autoFocus
            slotProps={shrink}
            {...messages.helper('date')}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              type="time"
              label={t('manageClasses.sessions.startTime')}
              value={values.start_time}
              onChange={(e) => set('start_time', e.target.value)}
              required
              fullWidth
              slotProps={shrink}
              {...messages.helper('start_time')}
            />
            <TextField
              type="time"
              label={t('manageClasses.sessions.endTime')}
              value={values.end_time}
              onChange={(e) => set('end_time', e.target.value)}
              required
              fullWidth
              slotProps={shrink}
              {...messages.helper('end_time')}
            />
          </Stack>
        </Stack>
      </Box>
    </AppDialog>
  );
}
