import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { handleError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { familyApi } from '../../family';
import { selectRole, selectUser } from '../../session';
import { useReportAbsenceMutation } from '../makeups-api';

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
 * choose the child (those of the family booked into it), an optional reason, and send.
 */
export function ReportAbsence({ klass, now = Date.now() }: Props) {
  const role = useAppSelector(selectRole);
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  if (role !== 'student' || klass.status === 'cancelled') return null;
  if (Date.parse(klass.starts_at) <= now || (klass.attendee_names ?? []).length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t('makeups.reportAbsence')}
      </Button>
      {open && <ReportAbsenceDialog klass={klass} onClose={() => setOpen(false)} />}
    </Box>
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
