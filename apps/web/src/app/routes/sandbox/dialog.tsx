import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { searchDialogOpened } from '../../../components/dialogs/search-dialog-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { SandboxPage } from './sandbox-page';

/**
 * /sandbox/dialog: the confirmation dialog, and the search dialog, which is the app's own search
 * (the top bar mounts it; its open state is the store's).
 */
export function Component() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [answer, setAnswer] = useState<'confirmed' | 'cancelled' | null>(null);
  return (
    <SandboxPage title={t('sandbox.dialog')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button variant="contained" onClick={() => setConfirmOpen(true)}>
          {t('sandbox.openConfirm')}
        </Button>
        <Typography role="status" data-testid="sandbox-confirm-result">
          {answer === 'confirmed'
            ? t('sandbox.confirmed')
            : answer === 'cancelled'
              ? t('sandbox.cancelled')
              : ''}
        </Typography>
        <Button variant="outlined" color="inherit" onClick={() => dispatch(searchDialogOpened())}>
          {t('sandbox.openSearch')}
        </Button>
        <Typography variant="body2">{t('sandbox.searchHint')}</Typography>
      </Stack>
      <ConfirmDialog
        open={confirmOpen}
        title={t('sandbox.confirmTitle')}
        message={t('sandbox.confirmMessage')}
        onConfirm={() => {
          setConfirmOpen(false);
          setAnswer('confirmed');
        }}
        onCancel={() => {
          setConfirmOpen(false);
          setAnswer('cancelled');
        }}
      />
    </SandboxPage>
  );
}
