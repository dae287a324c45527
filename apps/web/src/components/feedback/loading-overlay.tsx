import { LOADING_OVERLAY_Z_INDEX, SPINNER_SIZE } from '@atelier/contract';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** docs/product.md#routes-and-screens and #constants: a full-screen overlay above everything with a centred primary spinner of size 48. */
export function LoadingOverlay({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Backdrop
      open={open}
      data-testid="loading-overlay"
      sx={{ zIndex: LOADING_OVERLAY_Z_INDEX, color: 'primary.main' }}
    >
      <CircularProgress color="primary" size={SPINNER_SIZE} aria-label={t('common.loading')} />
    </Backdrop>
  );
}
