import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAccountAgreementsQuery } from '../agreements-api';
import { SignAgreementForm } from './sign-agreement-form';

/**
 * At checkout: the agreements required before booking that are still to sign in their current
 * version, for the family and for the children of the booking, each signed here inline
 * (docs/product.md#agreements). Nothing when none is due.
 */
export function DueAgreements({ attendeeIds }: { attendeeIds: readonly string[] }) {
  const { t } = useTranslation();
  const { data } = useAccountAgreementsQuery();
  const due = (data ?? []).filter(
    (row) =>
      row.due &&
      row.required_before_booking &&
      (!row.per_child ||
        (row.attendee_profile_id !== null && attendeeIds.includes(row.attendee_profile_id))),
  );
  if (due.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="due-agreements">
      <Stack spacing={2}>
        <Typography variant="h5" component="h2">
          {t('agreements.dueTitle')}
        </Typography>
        <Alert severity="info">{t('agreements.dueLead')}</Alert>
        {due.map((row, i) => (
          <Stack key={`${row.agreement_id}-${row.attendee_profile_id ?? 'family'}`} spacing={2}>
            {i > 0 && <Divider />}
            <SignAgreementForm row={row} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
