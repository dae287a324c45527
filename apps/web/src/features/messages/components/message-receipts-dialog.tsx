import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { audienceLabel, formatMessageTime, readSummary } from '../message-format';
import { MessageDialog } from './message-dialog';

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
  return (
    <MessageDialog
      id={id}
      onClose={onClose}
      testId="message-receipts-dialog"
      fallbackTitle={t('classMessages.history.receipts')}
      loadFailed={t('classMessages.history.loadFailed')}
      // Receipts change as families read: fetched afresh each time the dialog opens.
      fresh
      about={(message) =>
        `${formatMessageTime(message.created_at, zone, i18n.language)} · ${audienceLabel(message, t, i18n.language)}`
      }
    >
      {(message) => (
        <>
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
        </>
      )}
    </MessageDialog>
  );
}
