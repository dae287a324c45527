import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { selectSnackbar, snackbarAutoHideMs, snackbarHidden } from '../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';

/**
 * The one snackbar (docs/product.md#client-state): success/info hide after 5 s, warning after 7 s, an error stays until
 * closed; any type also hides on Escape or a click elsewhere.
 */
export function AppSnackbar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { content, type, open } = useAppSelector(selectSnackbar);
  const close = (_event?: unknown, _reason?: SnackbarCloseReason) => {
    dispatch(snackbarHidden());
  };
  return (
    <Snackbar
      open={open}
      autoHideDuration={snackbarAutoHideMs(type)}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={type}
        variant="filled"
        onClose={close}
        data-testid="snackbar"
        slotProps={{ closeButton: { 'aria-label': t('common.close'), title: t('common.close') } }}
        sx={{ width: '100%' }}
      >
        {content}
      </Alert>
    </Snackbar>
  );
}
