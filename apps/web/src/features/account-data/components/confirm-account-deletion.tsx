import { TOKEN_ERROR_REASONS, type TokenErrorReason } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError, toApiError } from '../../../lib/api-client';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { endSession, selectUser } from '../../session';
import { useConfirmAccountDeletionMutation } from '../account-data-api';

function refusalOf(error: unknown): TokenErrorReason | null {
  const { status, reason } = toApiError(error);
  if ((TOKEN_ERROR_REASONS as readonly (string | null)[]).includes(reason)) {
    return reason as TokenErrorReason;
  }
  if (status === 404) return 'invalid';
  if (status === 410) return 'expired';
  return null;
}

/**
 * The mailed deletion link: asks once more, then deletes. It needs no session (the mail may be
 * opened on another device); a session on this device ends with the account.
 */
export function ConfirmAccountDeletion({ token }: { token: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [confirm, { isLoading }] = useConfirmAccountDeletionMutation();
  const [state, setState] = useState<'ready' | 'done' | TokenErrorReason>('ready');

  const run = async () => {
    try {
      await confirm(token).unwrap();
      setState('done');
    } catch (error) {
      const reason = refusalOf(error);
      if (reason) setState(reason);
      else handleError(error);
    }
  };

  if (state === 'done') {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Alert severity="success" role="status" data-testid="account-deleted">
          {t('accountData.confirm.done')}
        </Alert>
        {user && (
          <Box>
            <Button variant="outlined" onClick={() => void dispatch(endSession())}>
              {t('accountData.confirm.finish')}
            </Button>
          </Box>
        )}
      </Stack>
    );
  }
  if (state !== 'ready') {
    return (
      <Alert severity="warning" role="alert" data-testid="account-delete-refused">
        {t(`accountData.confirm.${state}`)}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography>{t('accountData.confirm.lead')}</Typography>
      <Typography>{t('accountData.delete.kept')}</Typography>
      <Box>
        <Button
          variant="contained"
          color="error"
          onClick={run}
          disabled={isLoading}
          data-testid="account-delete-confirm"
        >
          {t('accountData.confirm.submit')}
        </Button>
      </Box>
    </Stack>
  );
}
