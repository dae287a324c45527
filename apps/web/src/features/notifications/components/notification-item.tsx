import type { Notification } from '@atelier/contract';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/avatar/user-avatar';
import { formatRelativeTime } from '../../../lib/relative-time';

type Props = {
  notification: Notification;
  timeZone: string | null;
  onOpen: (notification: Notification) => void;
};

/** One notification: sender, title, content, when; unread ones are bold with a marker. */
export const NotificationItem = forwardRef<HTMLDivElement, Props>(function NotificationItem(
  { notification, timeZone, onOpen },
  ref,
) {
  const { t, i18n } = useTranslation();
  const unread = !notification.read;
  return (
    <ListItemButton
      ref={ref}
      alignItems="flex-start"
      onClick={() => onOpen(notification)}
      data-testid="notification-item"
      data-read={notification.read}
      sx={{ borderLeft: 4, borderColor: unread ? 'secondary.main' : 'transparent' }}
    >
      <ListItemAvatar>
        <UserAvatar
          name={notification.sender?.name}
          src={notification.sender?.avatar_url}
          size="small"
        />
      </ListItemAvatar>
      <ListItemText
        primary={
          <>
            {unread && (
              <Typography
                component="span"
                variant="caption"
                sx={{ color: 'secondary.main', fontWeight: 700, mr: 1 }}
              >
                {t('notifications.unread')}
              </Typography>
            )}
            <Typography component="span" sx={{ fontWeight: unread ? 700 : 400 }}>
              {notification.title}
            </Typography>
          </>
        }
        secondary={
          <>
            <Typography
              component="span"
              variant="body2"
              sx={{ display: 'block', color: 'text.primary' }}
            >
              {notification.content}
            </Typography>
            <Typography
              component="span"
              variant="caption"
              sx={{ display: 'block', color: 'text.secondary' }}
            >
              {notification.sender
                ? `${t('notifications.from', { name: notification.sender.name })} · `
                : ''}
              <time dateTime={notification.created_at}>
                {formatRelativeTime(notification.created_at, { locale: i18n.language, timeZone })}
              </time>
            </Typography>
          </>
        }
      />
    </ListItemButton>
  );
});
