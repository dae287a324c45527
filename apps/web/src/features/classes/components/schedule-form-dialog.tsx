import type { FlatSchedule } from '@atelier/contract';
import { DATE_PICKER_MAX, DATE_PICKER_MIN, WEEKDAYS } from '@atelier/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { formatPlainDate, weekdayName } from '../../../lib/format-date';
import {
  type SchedulePreview,
  useCreateScheduleMutation,
  usePreviewScheduleMutation,
} from '../classes-api';
import {
  emptyScheduleForm,
  emptySlot,
  patternKey,
  type ScheduleFormValues,
  type SlotValues,
  scheduleBody,
  schedulePattern,
  validateScheduleForm,
  validateSchedulePattern,
} from '../schedule-form';
import { type PlanOption, PlanPicker } from './plan-picker';
import { type TeacherOption, TeacherPicker } from './teacher-picker';
import { TimeZonePicker } from './time-zone-picker';

type Props = {
  klassGroupId: string;
  /** The zone the form starts in: the admin's own. */
  defaultTimeZone: string;
  onClose: () => void;
  onCreated: (schedule: FlatSchedule) => void;
};

const dateLimits = { htmlInput: { min: DATE_PICKER_MIN, max: DATE_PICKER_MAX } };

/** The server's names of the fields this form shows, numbered rows included (`slots.0.end_time`). */
const isFormField = (name: string) =>
  /^(name|translations|start_date|end_date|time_zone|capacity|teacher_id|plan_ids|slots|exception_dates)(\.|$)/.test(
    name,
  );
const shrink = { inputLabel: { shrink: true } };

/**
 * Creates a schedule of a programme from a date range, weekly times, holidays, a time zone, a
 * capacity, a teacher and plans. Saving needs a preview of the sessions the pattern makes (the
 * server's own generation, holidays skipped) that is still current.
 */
export function ScheduleFormDialog({ klassGroupId, defaultTimeZone, onClose, onCreated }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [values, setValues] = useState<ScheduleFormValues>(() =>
    emptyScheduleForm(defaultTimeZone),
  );
  const [teacher, setTeacher] = useState<TeacherOption | null>(null);
  const [plans, setPlans] = useState<PlanOption[]>([]);
  const [holiday, setHoliday] = useState('');
  const [preview, setPreview] = useState<{ key: string; result: SchedulePreview } | null>(null);
  const messages = useFormErrors({ fields: isFormField });
  const [previewSchedule, previewing] = usePreviewScheduleMutation();
  const [createSchedule, creating] = useCreateScheduleMutation();
  const currentKey = patternKey(values);
  const previewCurrent = preview !== null && preview.key === currentKey;

  const update = (patch: Partial<ScheduleFormValues>, ...cleared: string[]) => {
    setValues((v) => ({ ...v, ...patch }));
    messages.clear(...cleared);
  };
  const updateSlot = (index: number, patch: Partial<SlotValues>) => {
    setValues((v) => ({
      ...v,
      slots: v.slots.map((slot, i) => (i === index ? { ...slot, ...patch } : slot)),
    }));
    messages.clear(...Object.keys(patch).map((name) => `slots.${index}.${name}`), 'slots');
  };

  const runPreview = async () => {
    if (!messages.check(validateSchedulePattern(values))) return;
    await messages.submit(
      async () => {
        const result = await previewSchedule(schedulePattern(values)).unwrap();
        setPreview({ key: currentKey, result });
      },
      { label: t('manageClasses.schedule.previewFailed') },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!messages.check(validateScheduleForm(values))) return;
    if (!previewCurrent) {
      await runPreview();
      return;
    }
    await messages.submit(
      async () => {
        onCreated(await createSchedule({ klassGroupId, fields: scheduleBody(values) }).unwrap());
      },
      { label: t('manageClasses.schedule.saveFailed') },
    );
  };

  const addHoliday = () => {
    if (holiday === '' || values.exception_dates.includes(holiday)) return;
    // Kept sorted, as the server numbers them (`exception_dates.N`).
    update(
      { exception_dates: [...values.exception_dates, holiday].sort() },
      ...values.exception_dates.map((_d, i) => `exception_dates.${i}`),
    );
    setHoliday('');
  };
  const removeHoliday = (date: string) =>
    update(
      { exception_dates: values.exception_dates.filter((d) => d !== date) },
      ...values.exception_dates.map((_d, i) => `exception_dates.${i}`),
    );

  const holidayMessages = values.exception_dates
    .map((date, i) => [date, messages.message(`exception_dates.${i}`)] as const)
    .filter(([, message]) => message !== undefined);
  const busy = previewing.isLoading || creating.isLoading;

  return (
    <AppDialog
      open
      title={t('manageClasses.schedule.createTitle')}
      onClose={busy ? () => undefined : onClose}
      maxWidth="md"
      testId="schedule-form-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={runPreview} disabled={busy} variant="outlined">
            {t('manageClasses.schedule.preview')}
          </Button>
          <Button
            type="submit"
            form="schedule-form"
            variant="contained"
            disabled={busy || !previewCurrent}
          >
            {t('manageClasses.schedule.create')}
          </Button>
        </>
      }
    >
      <Box component="form" id="schedule-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={messages.formMessages} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('manageClasses.schedule.name')}
              value={values.name}
              onChange={(e) => update({ name: e.target.value }, 'name')}
              required
              fullWidth
              autoFocus
              {...messages.helper('name', t('manageClasses.schedule.nameHint'))}
            />
            <TextField
              label={t('manageClasses.translations.nameJa')}
              value={values.name_ja}
              onChange={(e) => update({ name_ja: e.target.value }, 'translations.ja.name')}
              fullWidth
              slotProps={{ htmlInput: { lang: 'ja' } }}
              {...messages.helper('translations.ja.name')}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label={t('manageClasses.schedule.startDate')}
              value={values.start_date}
              onChange={(e) => update({ start_date: e.target.value }, 'start_date')}
              required
              fullWidth
              slotProps={{ ...dateLimits, ...shrink }}
              {...messages.helper('start_date')}
            />
            <TextField
              type="date"
              label={t('manageClasses.schedule.endDate')}
              value={values.end_date}
              onChange={(e) => update({ end_date: e.target.value }, 'end_date')}
              required
              fullWidth
              slotProps={{ ...dateLimits, ...shrink }}
              {...messages.helper('end_date')}
            />
          </Stack>
          <TimeZonePicker
            value={values.time_zone}
            onChange={(zone) => update({ time_zone: zone }, 'time_zone')}
            {...messages.helper('time_zone', t('manageClasses.schedule.timeZoneHint'))}
          />

          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
              {t('manageClasses.schedule.weeklyTimes')}
            </Typography>
            <Stack spacing={1}>
              {values.slots.map((slot, i) => (
                <Stack
                  // Rows have no identity beyond their place; editing never reorders them.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={i}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'flex-start' } }}
                  data-testid={`slot-${i}`}
                >
                  <TextField
                    select
                    label={t('manageClasses.schedule.weekday', { n: i + 1 })}
                    value={slot.weekday}
                    onChange={(e) => updateSlot(i, { weekday: e.target.value })}
                    required
                    sx={{ minWidth: 160 }}
                    {...messages.helper(`slots.${i}.weekday`)}
                  >
                    {WEEKDAYS.map((day) => (
                      <MenuItem key={day} value={String(day)}>
                        {weekdayName(day, locale, 'long')}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    type="time"
                    label={t('manageClasses.schedule.startTime', { n: i + 1 })}
                    value={slot.start_time}
                    onChange={(e) => updateSlot(i, { start_time: e.target.value })}
                    required
                    slotProps={shrink}
                    {...messages.helper(`slots.${i}.start_time`)}
                  />
                  <TextField
                    type="time"
                    label={t('manageClasses.schedule.endTime', { n: i + 1 })}
                    value={slot.end_time}
                    onChange={(e) => updateSlot(i, { end_time: e.target.value })}
                    required
                    slotProps={shrink}
                    {...messages.helper(`slots.${i}.end_time`)}
                  />
                  <Box>
                    <IconButton
                      aria-label={t('manageClasses.schedule.removeSlot', { n: i + 1 })}
                      onClick={() =>
                        update({ slots: values.slots.filter((_s, j) => j !== i) }, 'slots')
                      }
                      disabled={values.slots.length === 1}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Box>
                </Stack>
              ))}
            </Stack>
            <Button
              startIcon={<AddIcon />}
              onClick={() => update({ slots: [...values.slots, { ...emptySlot }] }, 'slots')}
            >
              {t('manageClasses.schedule.addSlot')}
            </Button>
            {messages.message('slots') && (
              <FormHelperText error>{messages.message('slots')}</FormHelperText>
            )}
          </Box>

          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
              {t('manageClasses.schedule.holidays')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                type="date"
                label={t('manageClasses.schedule.holidayDate')}
                value={holiday}
                onChange={(e) => setHoliday(e.target.value)}
                slotProps={{ ...dateLimits, ...shrink }}
                helperText={t('manageClasses.schedule.holidayHint')}
              />
              <Button onClick={addHoliday} disabled={holiday === ''} sx={{ mt: 1 }}>
                {t('manageClasses.schedule.addHoliday')}
              </Button>
            </Stack>
            {values.exception_dates.length > 0 && (
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ flexWrap: 'wrap' }}
                component="ul"
                aria-label={t('manageClasses.schedule.holidays')}
                data-testid="holiday-list"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {values.exception_dates.map((date, i) => (
                  <Box component="li" key={date} sx={{ display: 'flex', alignItems: 'center' }}>
                    <Chip
                      label={formatPlainDate(date, locale)}
                      color={messages.message(`exception_dates.${i}`) ? 'error' : 'default'}
                    />
                    <IconButton
                      size="small"
                      onClick={() => removeHoliday(date)}
                      aria-label={t('manageClasses.schedule.removeHoliday', {
                        date: formatPlainDate(date, locale),
                      })}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Box>
                ))}
              </Stack>
            )}
            {holidayMessages.map(([date, message]) => (
              <FormHelperText key={date} error>
                {formatPlainDate(date, locale)}: {message}
              </FormHelperText>
            ))}
          </Box>

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('manageClasses.schedule.capacity')}
              value={values.capacity}
              onChange={(e) => update({ capacity: e.target.value }, 'capacity')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ maxWidth: { sm: 160 } }}
              {...messages.helper('capacity')}
            />
            <Box sx={{ flexGrow: 1 }}>
              <TeacherPicker
                value={teacher}
                onChange={(chosen) => {
                  setTeacher(chosen);
                  update({ teacher_id: chosen?.id ?? '' }, 'teacher_id');
                }}
                {...messages.helper('teacher_id')}
              />
            </Box>
          </Stack>
          <PlanPicker
            value={plans}
            onChange={(chosen) => {
              setPlans(chosen);
              update({ plan_ids: chosen.map((p) => p.id) }, 'plan_ids');
            }}
            {...messages.helper('plan_ids', t('manageClasses.schedule.plansHint'))}
          />

          <SchedulePreviewPanel preview={preview?.result ?? null} current={previewCurrent} />
        </Stack>
      </Box>
    </AppDialog>
  );
}

/** The sessions the pattern makes, and the holidays it skipped. */
function SchedulePreviewPanel({
  preview,
  current,
}: {
  preview: SchedulePreview | null;
  current: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Box
      component="section"
      aria-labelledby="schedule-preview-title"
      data-testid="schedule-preview"
    >
      <Typography id="schedule-preview-title" variant="h3" component="h3" sx={{ mb: 1 }}>
        {t('manageClasses.schedule.previewTitle')}
      </Typography>
      <Box role="status">
        {!preview && (
          <Typography color="text.secondary">{t('manageClasses.schedule.previewHint')}</Typography>
        )}
        {preview && !current && (
          <Alert severity="info">{t('manageClasses.schedule.previewStale')}</Alert>
        )}
        {preview && (
          <Typography sx={{ my: 1 }} data-testid="schedule-preview-total">
            {t('manageClasses.schedule.previewTotal', { count: preview.meta.total })}
          </Typography>
        )}
      </Box>
      {preview && preview.meta.skipped_dates.length > 0 && (
        <Typography sx={{ mb: 1 }} data-testid="schedule-preview-skipped">
          {t('manageClasses.schedule.previewSkipped', {
            dates: preview.meta.skipped_dates.map((d) => formatPlainDate(d, locale)).join(', '),
          })}
        </Typography>
      )}
      {preview && preview.data.length > 0 && (
        <List
          dense
          sx={{
            maxHeight: 240,
            overflow: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
          aria-label={t('manageClasses.schedule.previewTitle')}
          tabIndex={0}
        >
          {preview.data.map((klass) => (
            <ListItem key={klass.id}>
              {weekdayName(klass.attributes.weekday, locale)}{' '}
              {formatPlainDate(klass.attributes.local_date, locale)},{' '}
              {klass.attributes.local_start_time}–{klass.attributes.local_end_time}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
