import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { handleError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { familyApi } from '../../family';
import { selectRole, selectUser } from '../../session';
import {
  useFamilyAbsencesQuery,
  useReportAbsenceMutation,
  useWithdrawAbsenceMutation,
} from '../makeups-api';

type Props = {
  klass: {
    id: string;
    starts_at: string;
    status: 'scheduled' | 'cancelled';
    attendee_names?: string[];
  };
  /** The current time (ms); tests pin it. */
  now?: number;
};

/**
 * "Report absence" on an upcoming session of the family's (docs/product.md#absences-and-make-ups):
 * choose the child (those of the family booked into it), an optional reason, and send. An absence
 * already reported for the session shows with "Take back" (its unused credit goes with it).
 */
export function ReportAbsence({ klass, now = Date.now() }: Props) {
  const role = useAppSelector(selectRole);
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  const upcoming =
    role === 'student' &&
    klass.status !== 'cancelled' &&
    Date.parse(klass.starts_at) > now &&
    (klass.attendee_names ?? []).length > 0;
  if (!upcoming) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <ReportedAbsences klassId={klass.id} startsAt={klass.starts_at} />
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t('makeups.reportAbsence')}
      </Button>
      {open && <ReportAbsenceDialog klass={klass} onClose={() => setOpen(false)} />}
    </Box>
  );
}

/** The absences already reported for this session, each with "Take back". */
function ReportedAbsences({ klassId, startsAt }: { klassId: string; startsAt: string }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { data } = useFamilyAbsencesQuery();
  const [withdraw, { isLoading }] = useWithdrawAbsenceMutation();
  const here = (data ?? []).filter((a) => a.klass_id === klassId);
  if (here.length === 0) return null;
  const date = dateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeZone: timeZoneOf(user),
  }).format(new Date(startsAt));

  async function takeBack(attendeeProfileId: string) {
    try {
      await withdraw({ klassId, attendeeProfileId }).unwrap();
      dispatch(snackbarShown({ content: t('makeups.takenBack'), type: 'success' }));
    } catch (error) {
      handleError(error, t('makeups.takeBackFailed'));
    }
  }

  return (
    <Stack spacing={1} sx={{ mb: 1 }} data-testid="reported-absences">
      {here.map((a) => (
        <Stack
          key={a.attendee_profile_id}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center' }}
        >
          <Typography>{t('makeups.reportedFor', { name: a.child_name })}</Typography>
          <Button
            size="small"
            disabled={isLoading}
            aria-label={t('makeups.takeBackFor', { name: a.child_name, date })}
            onClick={() => void takeBack(a.attendee_profile_id)}
          >
            {t('makeups.takeBack')}
          </Button>
        </Stack>
      ))}
    </Stack>
  );
}

function ReportAbsenceDialog({ klass, onClose }: { klass: Props['klass']; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { data } = familyApi.useFamilyMembersQuery(
    { userId: String(user?.id ?? ''), page: 1 },
    { skip: !user },
  );
  const names = new Set(klass.attendee_names ?? []);
  const children = (data?.members ?? []).filter((m) => names.has(m.name));
  const [child, setChild] = useState('');
  const [reason, setReason] = useState('');
  const [report, { isLoading }] = useReportAbsenceMutation();
  const chosen = child || children[0]?.id || '';

  async function submit() {
    try {
      await report({ klassId: klass.id, attendeeProfileId: chosen, reason }).unwrap();
      dispatch(snackbarShown({ content: t('makeups.reported'), type: 'success' }));
      onClose();
    } catch (error) {
      handleError(error, t('makeups.reportFailed'));
    }
  }

  return (
    <AppDialog
      open
      title={t('makeups.reportAbsence')}
      onClose={onClose}
      testId="report-absence-dialog"
      actions={
        <Button variant="contained" disabled={!chosen || isLoading} onClick={() => void submit()}>
          {t('makeups.sendReport')}
        </Button>
      }
    >
      <TextField
        select
        fullWidth
        margin="normal"
        label={t('makeups.child')}
        value={chosen}
        onChange={(e) => setChild(e.target.value)}
      >
        {children.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth
        margin="normal"
        label={t('makeups.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </AppDialog>
  );
}
