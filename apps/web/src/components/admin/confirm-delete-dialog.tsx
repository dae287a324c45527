import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError, toApiError } from '../../lib/api-client';
import { AppDialog } from '../dialogs/app-dialog';

export type ConfirmDeleteDialogProps = {
  /** 'Delete Comics Drawing?' */
  title: string;
  /** What deleting does ('This cannot be undone.'). */
  question: string;
  /** The confirm button; the kit's 'Delete' when absent. */
  confirmLabel?: string;
  /** Deletes; rejects with the call's error. */
  onConfirm: () => Promise<unknown>;
  /** After the delete succeeded (update lists, say so, close or navigate away). */
  onDeleted: () => void;
  onClose: () => void;
  /** Why the server refused (409: something still uses the thing), shown in the dialog. */
  inUseMessage: string;
  /** What to offer instead after a 409 (beside Close), e.g. archiving. */
  inUseActions?: ReactNode;
  /** The action's name for the common error handler's snackbar on any other failure. */
  failedMessage: string;
  testId?: string;
};

/**
 * Asks before deleting. A 409 (docs/architecture.md#http-contract: the thing is in use) turns the
 * dialog into its explanation, with `inUseActions` as the way out; any other failure goes to the
 * common error handler (docs/product.md#error-handling) and the dialog stays for a retry.
 */
export function ConfirmDeleteDialog({
  title,
  question,
  confirmLabel,
  onConfirm,
  onDeleted,
  onClose,
  inUseMessage,
  inUseActions,
  failedMessage,
  testId,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [inUse, setInUse] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      setBusy(false);
      if (toApiError(error).status === 409) setInUse(true);
      else handleError(error, failedMessage);
      return;
    }
    onDeleted();
  };

  return (
    <AppDialog
      open
      title={title}
      onClose={onClose}
      testId={testId}
      actions={
        inUse ? (
          <>
            <Button onClick={onClose}>{t('common.close')}</Button>
            {inUseActions}
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button variant="contained" color="error" onClick={confirm} disabled={busy}>
              {confirmLabel ?? t('admin.delete.confirm')}
            </Button>
          </>
        )
      }
    >
      {inUse ? (
        <Alert severity="warning" role="alert">
          {inUseMessage}
        </Alert>
      ) : (
        <Typography>{question}</Typography>
      )}
    </AppDialog>
  );
}
