import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { handleError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { selectRole } from '../../session';
import { useGrantMakeupCreditMutation } from '../makeups-api';

type Props = { klassId: string; attendeeProfileId: string; name: string };

/**
 * "Grant make-up credit" for a child marked absent on a roll (docs/product.md#absences-and-make-ups):
 * an admin's own decision, for an absence the family did not report in time. Admins only, as the
 * route is.
 */
export function GrantMakeupCredit({ klassId, attendeeProfileId, name }: Props) {
  const { t } = useTranslation();
  const role = useAppSelector(selectRole);
  const [open, setOpen] = useState(false);
  if (role !== 'admin') return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        aria-label={t('makeups.grantFor', { name })}
        onClick={() => setOpen(true)}
      >
        {t('makeups.grant')}
      </Button>
      {open && (
        <GrantDialog
          klassId={klassId}
          attendeeProfileId={attendeeProfileId}
          name={name}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function GrantDialog({
  klassId,
  attendeeProfileId,
  name,
  onClose,
}: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [reason, setReason] = useState('');
  const [grant, { isLoading }] = useGrantMakeupCreditMutation();

  async function submit() {
    try {
      await grant({ klassId, attendeeProfileId, reason }).unwrap();
      dispatch(snackbarShown({ content: t('makeups.granted'), type: 'success' }));
      onClose();
    } catch (error) {
      handleError(error, t('makeups.grantFailed'));
    }
  }

  return (
    <AppDialog
      open
      title={t('makeups.grantFor', { name })}
      onClose={onClose}
      testId="grant-makeup-dialog"
      actions={
        <Button variant="contained" disabled={isLoading} onClick={() => void submit()}>
          {t('makeups.grant')}
        </Button>
      }
    >
      <TextField
        fullWidth
        margin="normal"
        label={t('makeups.grantReason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </AppDialog>
  );
}
