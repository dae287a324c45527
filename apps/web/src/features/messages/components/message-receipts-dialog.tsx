import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { audienceLabel, formatMessageTime, readSummary } from '../message-format';
import { useMessageQuery } from '../messages-api';

/** A sent message with its read receipts: every family it went to, and when each read it. */
export function MessageReceiptsDialog({
  id,
  zone,
  onClose,
}: {
  id: string;
  zone: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  // Receipts change as families read: fetched afresh each time the dialog opens.
  const { data, isError, isFetching } = useMessageQuery(id, { refetchOnMountOrArgChange: true });
  const message = data?.id === id ? data : undefined;

  return (
    <AppDialog
      open
      title={message?.title ?? t('classMessages.history.receipts')}
      onClose={onClose}
      testId="message-receipts-dialog"
    >
      {isError && <Alert severity="error">{t('classMessages.history.loadFailed')}</Alert>}
      {!message && isFetching && <CircularProgress aria-label={t('common.loading')} />}
      {message && (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {`${formatMessageTime(message.created_at, zone, i18n.language)} · ${audienceLabel(message, t, i18n.language)}`}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.body}</Typography>
          <Typography variant="h3" sx={{ fontSize: '1rem' }}>
            {`${t('classMessages.history.recipients')} (${readSummary(message, t)})`}
          </Typography>
          <List dense aria-label={t('classMessages.history.recipients')}>
            {(message.recipients ?? []).map((r) => (
              <ListItem key={r.id} disableGutters data-testid="message-recipient">
                <ListItemText
                  primary={r.name}
                  secondary={
                    r.read_at
                      ? t('classMessages.history.readAt', {
                          time: formatMessageTime(r.read_at, zone, i18n.language),
                        })
                      : t('classMessages.history.unread')
                  }
                />
              </ListItem>
            ))}
          </List>
        </Stack>
      )}
    </AppDialog>
  );
}
