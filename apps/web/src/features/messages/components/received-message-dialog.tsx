import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { notificationsReadElsewhere, selectNotifications } from '../../notifications';
import { formatMessageTime } from '../message-format';
import { useMessageQuery } from '../messages-api';
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
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  const { data } = useMessageQuery(id);
  const loaded = data?.id === id;
  // Opening the message read its notification on the server too (docs/product.md#class-messages):
  // the notifications dialog and the badge follow without a reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per message loaded, not on every new notification.
  useEffect(() => {
    if (!loaded) return;
    const read = notifications.filter(
      (n) => !n.read && n.record.type === 'messages' && n.record.id === id,
    );
    dispatch(notificationsReadElsewhere(read.map((n) => n.id)));
  }, [loaded, id, dispatch]);
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
