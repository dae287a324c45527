import type { Message } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { useMessageQuery } from '../messages-api';

/**
 * One message in a dialog, as its sender and its recipients both see it: its title, a line about
 * it (`about`), its body and what `children` add below, with the loading and failure states.
 */
export function MessageDialog({
  id,
  onClose,
  testId,
  fallbackTitle,
  loadFailed,
  fresh = false,
  about,
  children,
}: {
  id: string;
  onClose: () => void;
  testId: string;
  /** The title until the message has loaded. */
  fallbackTitle: string;
  loadFailed: string;
  /** Fetched afresh each time the dialog opens, not taken from the cache. */
  fresh?: boolean;
  about: (message: Message) => string;
  children?: (message: Message) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data, isError, isFetching } = useMessageQuery(
    id,
    fresh ? { refetchOnMountOrArgChange: true } : {},
  );
  const message = data?.id === id ? data : undefined;

  return (
    <AppDialog open title={message?.title ?? fallbackTitle} onClose={onClose} testId={testId}>
      {isError && <Alert severity="error">{loadFailed}</Alert>}
      {!message && isFetching && <CircularProgress aria-label={t('common.loading')} />}
      {message && (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {about(message)}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.body}</Typography>
          {children?.(message)}
        </Stack>
      )}
    </AppDialog>
  );
}
