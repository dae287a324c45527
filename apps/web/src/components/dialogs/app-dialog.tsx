import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** Extra control placed in the title bar, before the close button. */
  titleAction?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  testId?: string;
};

/** The kit's dialog: a titled panel with a labelled close button, closing on Escape or click-away. */
export function AppDialog({
  open,
  title,
  onClose,
  children,
  actions,
  titleAction,
  maxWidth = 'sm',
  testId,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      {/* The title alone names the dialog; its controls sit beside the heading, not inside it. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <DialogTitle id={`${id}-title`} sx={{ flexGrow: 1 }}>
          {title}
        </DialogTitle>
        {titleAction}
        <IconButton onClick={onClose} aria-label={t('common.close')} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      {/* Focusable, so a keyboard can scroll a long dialog (an order's detail) even when nothing
          inside it takes focus. */}
      <DialogContent dividers tabIndex={0}>
        {children}
      </DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
    </Dialog>
  );
}
