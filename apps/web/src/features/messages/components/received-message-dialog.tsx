import { useTranslation } from 'react-i18next';
import { formatMessageTime } from '../message-format';
import { MessageDialog } from './message-dialog';

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
  return (
    <MessageDialog
      id={id}
      onClose={onClose}
      testId="received-message-dialog"
      fallbackTitle={t('classMessages.received.title')}
      loadFailed={t('classMessages.received.loadFailed')}
      about={(message) =>
        [
          message.sender
            ? t('classMessages.received.from', { name: message.sender.name })
            : t('classMessages.received.fromSchool'),
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
          .join(' · ')
      }
    />
  );
}
