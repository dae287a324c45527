import NotificationsIcon from '@mui/icons-material/Notifications';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/feedback/count-badge';
import { loadOrRetry } from '../../../components/feedback/lazy-retry';
import { useLatched } from '../../../components/use-latched';
import { useAppSelector } from '../../../lib/store-hooks';
import { selectUser } from '../../session';
import { notificationsApi } from '../notifications-api';
import { selectUnreadCount } from '../notifications-state';

const NotificationsDialog = lazy(async () => ({
  default: await loadOrRetry(
    async () => (await import('./notifications-dialog')).NotificationsDialog,
  ),
}));

/** The top bar's notifications button: the unread badge, and the dialog it opens. */
export function NotificationsButton() {
  const { t } = useTranslation();
  const userId = useAppSelector(selectUser)?.id;
  const unread = useAppSelector(selectUnreadCount);
  const [open, setOpen] = useState(false);
  const dialogMounted = useLatched(open);

  // The badge needs the count as soon as someone is signed in (live messages refetch it later).
  // Holding the entry also holds the NotificationsChannel subscription (notifications-api.ts).
  notificationsApi.useUnreadCountQuery(undefined, { skip: !userId });

  const label =
    unread > 0 ? t('layout.notificationsUnread', { count: unread }) : t('layout.notifications');
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="top-bar-notifications"
      >
        <CountBadge count={unread} testId="notifications-badge">
          <NotificationsIcon />
        </CountBadge>
      </IconButton>
      {dialogMounted && (
        <Suspense fallback={null}>
          <NotificationsDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
