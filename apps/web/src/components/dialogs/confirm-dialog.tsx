import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  /** The question asked, e.g. 'Are you sure you want to mark all notifications as read?'. */
  message: string;
  title?: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks one yes/no question; Escape, a click outside and Cancel all answer no. */
export function ConfirmDialog({ open, message, title, confirmLabel, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      // Without a title, the question itself names the dialog.
      aria-labelledby={title ? `${id}-title` : `${id}-message`}
      aria-describedby={title ? `${id}-message` : undefined}
    >
      {title && <DialogTitle id={`${id}-title`}>{title}</DialogTitle>}
      <DialogContent>
        <DialogContentText id={`${id}-message`}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button onClick={onConfirm} variant="contained" autoFocus>
          {confirmLabel ?? t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
