import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { formatMessageTime } from '../message-format';
import { useMessageQuery } from '../messages-api';

/** One received message; fetching it is what records that the family read it. */
export function ReceivedMessageDialog({
  id,
  zone,
  onClose,
}: {
  id: string;
  zone: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { data, isError, isFetching } = useMessageQuery(id);
  const message = data?.id === id ? data : undefined;
  const from = message?.sender
    ? t('classMessages.received.from', { name: message.sender.name })
    : t('classMessages.received.fromSchool');

  return (
    <AppDialog
      open
      title={message?.title ?? t('classMessages.received.title')}
      onClose={onClose}
      testId="received-message-dialog"
    >
      {isError && <Alert severity="error">{t('classMessages.received.loadFailed')}</Alert>}
      {!message && isFetching && <CircularProgress aria-label={t('common.loading')} />}
      {message && (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {[
              from,
              message.klass_group_schedule
                ? t('classMessages.received.about', {
                    programme: message.klass_group_schedule.klass_group_name,
                  })
                : null,
              t('classMessages.received.sentAt', {
                time: formatMessageTime(message.created_at, zone, i18n.language),
              }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.body}</Typography>
        </Stack>
      )}
    </AppDialog>
  );
}
