import type { FlatSchedule } from '@atelier/contract';
import { MAX_CAPACITY, roomResource } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useFormErrors } from '../../../components/form/use-form-errors';
import { validateField } from '../../../components/form/validation';
import type { MessageKey } from '../../../i18n/i18n';
import { resourceHooks } from '../../../lib/resource-api';
import { useUpdateScheduleMutation } from '../classes-api';
import { japaneseTranslations } from '../translations-form';
import { type PlanOption, PlanPicker } from './plan-picker';
import { type TeacherOption, TeacherPicker } from './teacher-picker';

type Props = {
  schedule: FlatSchedule;
  onClose: () => void;
  onSaved: (message: string) => void;
};

const KNOWN = ['name', 'translations.ja.name', 'capacity', 'room_id', 'teacher_id', 'plan_ids'];

/** Changes a schedule's name, capacity, room, teacher and plans (its sessions stay as they are). */
export function ScheduleSettingsDialog({ schedule, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState(schedule.name);
  const [nameJa, setNameJa] = useState(schedule.translations.ja?.name ?? '');
  const [capacity, setCapacity] = useState(String(schedule.capacity));
  const [roomId, setRoomId] = useState(schedule.room_id ?? '');
  // The first page of rooms by name: a school has a handful, the page holds twenty.
  const rooms = resourceHooks(roomResource).useListQuery({ page: 1 }).data?.items ?? [];
  const [teacher, setTeacher] = useState<TeacherOption | null>(schedule.teacher);
  const [plans, setPlans] = useState<PlanOption[]>(
    schedule.klass_group_schedule_plans.map((link) => link.plan),
  );
  const messages = useFormErrors({ fields: KNOWN });
  const [updateSchedule, updating] = useUpdateScheduleMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, MessageKey> = {};
    const checks: [string, MessageKey | null][] = [
      ['name', validateField(name, { required: true, check: (v) => v.length <= 120 })],
      ['translations.ja.name', validateField(nameJa, { check: (v) => v.length <= 120 })],
      [
        'capacity',
        validateField(capacity, { required: true, integer: { min: 1, max: MAX_CAPACITY } }),
      ],
      ['teacher_id', teacher ? null : 'common.required'],
      ['plan_ids', plans.length > 0 ? null : 'common.required'],
    ];
    for (const [field, key] of checks) if (key) errors[field] = key;
    if (!messages.check(errors)) return;
    await messages.submit(
      async () => {
        await updateSchedule({
          id: schedule.id,
          klassGroupId: schedule.klass_group.id,
          fields: {
            name: name.trim(),
            translations: japaneseTranslations({ name: nameJa }),
            capacity: Number(capacity.trim()),
            room_id: roomId || null,
            teacher_id: teacher?.id,
            plan_ids: plans.map((p) => p.id),
          },
        }).unwrap();
        onSaved(t('manageClasses.schedule.updated'));
        onClose();
      },
      { label: t('manageClasses.schedule.saveFailed') },
    );
  };

  const busy = updating.isLoading;
  return (
    <AppDialog
      open
      title={t('manageClasses.schedule.editTitle')}
      onClose={busy ? () => undefined : onClose}
      testId="schedule-settings-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="schedule-settings-form" variant="contained" disabled={busy}>
            {t('manageClasses.schedule.save')}
          </Button>
        </>
      }
    >
      <Box component="form" id="schedule-settings-form" noValidate onSubmit={submit}>
        <Stack spacing={1.5}>
          <FormErrorAlert messages={messages.formMessages} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('manageClasses.schedule.name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                messages.clear('name');
              }}
              required
              fullWidth
              autoFocus
              {...messages.helper('name')}
            />
            <TextField
              label={t('manageClasses.translations.nameJa')}
              value={nameJa}
              onChange={(e) => {
                setNameJa(e.target.value);
                messages.clear('translations.ja.name');
              }}
              fullWidth
              slotProps={{ htmlInput: { lang: 'ja' } }}
              {...messages.helper('translations.ja.name', t('manageClasses.translations.hint'))}
            />
          </Stack>
          <TextField
            label={t('manageClasses.schedule.capacity')}
            value={capacity}
            onChange={(e) => {
              setCapacity(e.target.value);
              messages.clear('capacity');
            }}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...messages.helper('capacity', t('manageClasses.schedule.capacityHint'))}
          />
          <TextField
            select
            label={t('manageRooms.room')}
            value={rooms.length > 0 ? roomId : ''}
            onChange={(e) => {
              setRoomId(e.target.value);
              messages.clear('room_id');
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            {...messages.helper('room_id')}
          >
            <MenuItem value="">{t('manageRooms.noRoom')}</MenuItem>
            {rooms.map((room) => (
              <MenuItem key={room.id} value={room.id}>
                {room.name}
              </MenuItem>
            ))}
          </TextField>
          <TeacherPicker
            value={teacher}
            onChange={(chosen) => {
              setTeacher(chosen);
              messages.clear('teacher_id');
            }}
            {...messages.helper('teacher_id')}
          />
          <PlanPicker
            value={plans}
            onChange={(chosen) => {
              setPlans(chosen);
              messages.clear('plan_ids');
            }}
            {...messages.helper('plan_ids', t('manageClasses.schedule.plansHint'))}
          />
        </Stack>
      </Box>
    </AppDialog>
  );
}
