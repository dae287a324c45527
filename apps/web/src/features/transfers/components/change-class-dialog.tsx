import type { TransferAttributes } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { translateServerMessage } from '../../../components/form/server-messages';
import { fieldErrors, handleError, toApiError } from '../../../lib/api-client';
import { clientConfig } from '../../../lib/client-config';
import { formatCents } from '../../../lib/money';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { useTransferMutation, useTransferOptionsQuery } from '../transfers-api';

type Props = {
  enrollmentId: string;
  childName: string;
  /** The class the child leaves, as the list names it. */
  fromLabel: string;
  asStaff: boolean;
  onClose: () => void;
};

/**
 * "Change class" (docs/product.md#transfers): choose another class with a free seat, see what the
 * move costs or gives back for the sessions ahead (a preview the server prices), then confirm.
 */
export function ChangeClassDialog({ enrollmentId, childName, fromLabel, asStaff, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: options, isLoading } = useTransferOptionsQuery(enrollmentId);
  const [scheduleId, setScheduleId] = useState('');
  const [preview, setPreview] = useState<TransferAttributes | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [transfer, { isLoading: saving }] = useTransferMutation();
  const option = (options ?? []).find((o) => o.schedule_id === scheduleId);
  const money = (cents: number) =>
    formatCents(Math.abs(cents), clientConfig().currency, i18n.language);

  async function run(dryRun: boolean) {
    if (!option) return;
    setProblem(null);
    try {
      const answer = await transfer({
        enrollmentId,
        scheduleId: option.schedule_id,
        planId: option.plan_id,
        dryRun,
        asStaff,
      }).unwrap();
      if (dryRun) {
        setPreview(answer);
        return;
      }
      dispatch(
        snackbarShown({ content: t('transfers.done', { name: childName }), type: 'success' }),
      );
      onClose();
    } catch (error) {
      const field = fieldErrors(error).schedule_id ?? fieldErrors(error).plan_id;
      if (field) setProblem(translateServerMessage(field, t));
      else if (toApiError(error).status === 409 && toApiError(error).detail) {
        setProblem(translateServerMessage(toApiError(error).detail ?? '', t));
      } else handleError(error, t('transfers.failed'));
    }
  }

  return (
    <AppDialog
      open
      title={t('transfers.titleFor', { name: childName })}
      onClose={onClose}
      testId="change-class-dialog"
      actions={
        preview ? (
          <Button variant="contained" disabled={saving} onClick={() => void run(false)}>
            {t('transfers.confirm')}
          </Button>
        ) : (
          <Button variant="contained" disabled={!option || saving} onClick={() => void run(true)}>
            {t('transfers.preview')}
          </Button>
        )
      }
    >
      <Typography>{t('transfers.from', { name: fromLabel })}</Typography>
      {isLoading ? (
        <Typography>{t('common.loading')}</Typography>
      ) : (options ?? []).length === 0 ? (
        <Typography>{t('transfers.noOptions')}</Typography>
      ) : (
        <TextField
          select
          fullWidth
          margin="normal"
          label={t('transfers.chooseClass')}
          value={scheduleId}
          onChange={(e) => {
            setScheduleId(e.target.value);
            setPreview(null);
            setProblem(null);
          }}
        >
          {(options ?? []).map((o) => (
            <MenuItem key={o.schedule_id} value={o.schedule_id}>
              {t('transfers.option', {
                programme: o.programme,
                schedule: o.schedule_name,
                start: o.start_date,
                end: o.end_date,
                seats: o.seats_left,
              })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {preview && (
        <Alert severity="info" data-testid="transfer-preview">
          {preview.difference > 0
            ? t('transfers.charge', { amount: money(preview.difference) })
            : preview.difference < 0
              ? t('transfers.credit', { amount: money(preview.difference) })
              : t('transfers.same')}
        </Alert>
      )}
    </AppDialog>
  );
}
