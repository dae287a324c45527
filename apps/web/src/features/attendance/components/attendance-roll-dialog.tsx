import { ATTENDANCE_STATUSES, type AttendanceRoll, type AttendanceStatus } from '@atelier/contract';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { translateServerMessage } from '../../../components/form/server-messages';
import { handleError, toApiError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatInstantRange } from '../../../lib/format-date';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { GrantMakeupCredit } from '../../makeups';
import {
  type MarkInput,
  useAttendanceRollQuery,
  useMarkAttendanceMutation,
} from '../attendance-api';

type Props = {
  klassId: string;
  /** The viewer's zone: the session's time shows in it. */
  zone: string;
  onClose: () => void;
};

type Draft = Record<string, AttendanceStatus | null>;

const draftOf = (roll: AttendanceRoll): Draft =>
  Object.fromEntries(roll.attendees.map((a) => [a.attendee_profile_id, a.status]));

/** What the roll says beside a name: excused, or there for a make-up, a trial or a drop-in. */
const ROLL_CHIPS = [
  { flag: 'excused', color: 'info', label: 'attendance.excused', testId: 'attendance-excused' },
  { flag: 'makeup', color: 'secondary', label: 'attendance.makeup', testId: 'attendance-makeup' },
  { flag: 'trial', color: 'success', label: 'attendance.trial', testId: 'attendance-trial' },
  { flag: 'drop_in', color: 'secondary', label: 'attendance.dropIn', testId: 'attendance-drop-in' },
] as const;

/**
 * A session's roll for its teacher or an admin (docs/product.md#attendance): each enrolled
 * attendee marked present, late or absent with a labelled toggle group; "Save" sends what changed
 * and closes with a message. A cancelled session, or one whose day has not come, shows why it
 * cannot be marked and keeps the toggles off.
 */
export function AttendanceRollDialog({ klassId, zone, onClose }: Props) {
  const { t } = useTranslation();
  const { data: roll, isError } = useAttendanceRollQuery(klassId);
  return (
    <AppDialog
      open
      title={
        roll ? t('attendance.dialogTitle', { title: roll.klass_group_name }) : t('attendance.title')
      }
      onClose={onClose}
      testId="attendance-roll-dialog"
    >
      {isError && <Alert severity="error">{t('attendance.loadFailed')}</Alert>}
      {roll ? (
        // Keyed by the roll's marks: a refetched roll (after a save elsewhere) starts a new draft.
        <RollForm key={JSON.stringify(draftOf(roll))} roll={roll} zone={zone} onSaved={onClose} />
      ) : (
        !isError && <Typography>{t('common.loading')}</Typography>
      )}
    </AppDialog>
  );
}

function RollForm({
  roll,
  zone,
  onSaved,
}: {
  roll: AttendanceRoll;
  zone: string;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState<Draft>(() => draftOf(roll));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [save, saving] = useMarkAttendanceMutation();
  const saved = draftOf(roll);
  const changes: MarkInput[] = roll.attendees
    .filter((a) => draft[a.attendee_profile_id] !== saved[a.attendee_profile_id])
    .map((a) => ({
      attendeeProfileId: a.attendee_profile_id,
      status: draft[a.attendee_profile_id] ?? null,
    }));
  const locked = !roll.markable;

  const submit = async () => {
    setFieldErrors({});
    setRefusal(null);
    try {
      await save({ klassId: roll.id, marks: changes }).unwrap();
      dispatch(snackbarShown({ content: t('attendance.saved'), type: 'success' }));
      onSaved();
    } catch (error) {
      const apiError = toApiError(error);
      if (Object.keys(apiError.fields).length > 0) {
        // Fields are named by the entry's place in what was sent: `{i}.attendee_profile_id`.
        const byAttendee: Record<string, string> = {};
        for (const [field, message] of Object.entries(apiError.fields)) {
          const sent = changes[Number(field.split('.')[0])];
          if (sent) byAttendee[sent.attendeeProfileId] = translateServerMessage(message, t);
        }
        setFieldErrors(byAttendee);
      } else if (apiError.status === 409 && apiError.detail) {
        setRefusal(translateServerMessage(apiError.detail, t));
      } else {
        handleError(error, t('attendance.saveFailed'));
      }
    }
  };

  const from = dateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: zone }).format(
    Date.parse(roll.markable_from),
  );
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        {formatInstantRange(roll.starts_at, roll.ends_at, zone, i18n.language)} ·{' '}
        {roll.schedule_name}
      </Typography>
      {roll.klass_status === 'cancelled' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('attendance.cancelled')}
        </Alert>
      ) : (
        locked && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('attendance.tooEarly', { date: from })}
          </Alert>
        )
      )}
      {refusal && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      {roll.attendees.length === 0 ? (
        <Typography>{t('attendance.empty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {roll.attendees.map((attendee) => {
            const id = attendee.attendee_profile_id;
            const errorId = `attendance-error-${id}`;
            return (
              <Box
                component="li"
                key={id}
                data-testid="attendance-row"
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  justifyContent: 'space-between',
                }}
              >
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Typography id={`attendance-name-${id}`}>{attendee.name}</Typography>
                    {ROLL_CHIPS.filter((chip) => attendee[chip.flag]).map((chip) => (
                      <Chip
                        key={chip.flag}
                        size="small"
                        color={chip.color}
                        label={t(chip.label)}
                        data-testid={chip.testId}
                      />
                    ))}
                    {attendee.has_allergies && (
                      <Chip
                        size="small"
                        color="warning"
                        icon={<WarningAmberIcon />}
                        label={t('childCard.allergyFlag')}
                        data-testid="attendance-allergy-flag"
                      />
                    )}
                  </Box>
                  {/* The child's card, for this session's teacher (docs/product.md#the-childs-card). */}
                  {attendee.has_allergies && (
                    <Typography variant="body2" data-testid="attendance-allergies">
                      {t('childCard.allergyOf', { name: attendee.name, text: attendee.allergies })}
                    </Typography>
                  )}
                  {attendee.medical_notes && (
                    <Typography variant="body2" color="text.secondary">
                      {t('childCard.medicalNotesOf', { text: attendee.medical_notes })}
                    </Typography>
                  )}
                  {attendee.emergency_contacts.length > 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {t('childCard.contactsOf', {
                        list: attendee.emergency_contacts
                          .map((c) => `${c.name} (${c.relation}) ${c.phone}`)
                          .join(', '),
                      })}
                    </Typography>
                  )}
                </Box>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={draft[id] ?? null}
                  disabled={locked || saving.isLoading}
                  // Choosing the chosen status again takes the mark back (null: not marked).
                  onChange={(_event, next: AttendanceStatus | null) =>
                    setDraft((current) => ({ ...current, [id]: next }))
                  }
                  aria-label={t('attendance.statusFor', { name: attendee.name })}
                  aria-describedby={fieldErrors[id] ? errorId : undefined}
                >
                  {ATTENDANCE_STATUSES.map((status) => (
                    <ToggleButton key={status} value={status}>
                      {t(`attendance.status.${status}`)}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                {/* Marked absent (saved, not drafted): an admin may give a make-up credit
                    (docs/product.md#absences-and-make-ups); a make-up guest has nothing to make up. */}
                {attendee.status === 'absent' && !attendee.makeup && (
                  <GrantMakeupCredit
                    klassId={roll.id}
                    attendeeProfileId={id}
                    name={attendee.name}
                  />
                )}
                {fieldErrors[id] && (
                  <FormHelperText error id={errorId} sx={{ width: '100%', textAlign: 'right' }}>
                    {fieldErrors[id]}
                  </FormHelperText>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      {!locked && roll.attendees.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button
            onClick={() =>
              setDraft((current) =>
                Object.fromEntries(
                  roll.attendees.map((a) => [
                    a.attendee_profile_id,
                    current[a.attendee_profile_id] ?? 'present',
                  ]),
                ),
              )
            }
            disabled={saving.isLoading}
          >
            {t('attendance.restPresent')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={changes.length === 0 || saving.isLoading}
          >
            {t('attendance.save')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
