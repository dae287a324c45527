import { FIRST_PAGE, type Notification, PAGE_SIZE } from '@atelier/contract';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { useAppSelector } from '../../../lib/store-hooks';
import { selectUser } from '../../session';
import { notificationsApi } from '../notifications-api';
import { selectNotifications, selectNotificationsPage } from '../notifications-state';
import { NotificationItem } from './notification-item';
import { notificationTarget } from './notification-target';

type Props = { open: boolean; onClose: () => void };

/**
 * docs/product.md#routes-and-screens notifications dialog: the list (first page fetched on opening), more loaded when the last
 * item scrolls into view, 'Mark all as read' after a confirmation, and a click opening the record's
 * page and marking it read.
 */
export function NotificationsDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The lazy hook asks for one page at a time and holds the list's entry while the dialog lives.
  const [fetchPage] = notificationsApi.useLazyNotificationsQuery();
  const [markNotificationRead] = notificationsApi.useMarkNotificationReadMutation();
  const [markAllNotificationsRead] = notificationsApi.useMarkAllNotificationsReadMutation();
  const items = useAppSelector(selectNotifications);
  const page = useAppSelector(selectNotificationsPage);
  // Read when the dialog opens, without making the page counter a reason to re-run that effect.
  const pageRef = useRef(page);
  pageRef.current = page;
  const timeZone = useAppSelector(selectUser)?.timezone ?? null;
  const [confirming, setConfirming] = useState(false);
  const [loading, setLoading] = useState(false);
  const loadingRef = useRef(false);
  // Set once a page comes back short (or fails): nothing more loads until the dialog reopens.
  const exhaustedRef = useRef(false);

  const loadMore = useCallback(async () => {
    if (loadingRef.current || exhaustedRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    try {
      const list = await fetchPage(pageRef.current).unwrap();
      if (list.lastPageSize < PAGE_SIZE) exhaustedRef.current = true;
    } catch {
      // The endpoint already reported the failure to the common error handler; stop auto-loading.
      exhaustedRef.current = true;
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  }, [fetchPage]);

  // On opening: re-arm loading, and fetch the first page if nothing was fetched yet (the page
  // counter is still at its start; live messages alone do not count as a fetched page).
  useEffect(() => {
    if (!open) return;
    exhaustedRef.current = false;
    if (pageRef.current === FIRST_PAGE) void loadMore();
  }, [open, loadMore]);

  const observer = useRef<IntersectionObserver | null>(null);
  const lastItemRef = useCallback(
    (node: HTMLDivElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      });
      observer.current.observe(node);
    },
    [loadMore],
  );
  useEffect(() => () => observer.current?.disconnect(), []);

  const openNotification = (notification: Notification) => {
    if (!notification.read) void markNotificationRead(notification.id);
    const target = notificationTarget(notification);
    if (target) {
      onClose();
      navigate(target);
    }
  };

  const hasUnread = items.some((n) => !n.read);
  return (
    <>
      <AppDialog
        open={open}
        onClose={onClose}
        title={t('notifications.title')}
        testId="notifications-dialog"
        titleAction={
          <Button
            size="small"
            startIcon={<DoneAllIcon />}
            onClick={() => setConfirming(true)}
            disabled={!hasUnread}
            data-testid="notifications-mark-all"
          >
            {t('notifications.markAllRead')}
          </Button>
        }
      >
        {items.length === 0 && !loading ? (
          <Typography data-testid="notifications-empty" sx={{ py: 2 }}>
            {t('notifications.empty')}
          </Typography>
        ) : (
          <List disablePadding data-testid="notifications-list">
            {items.map((n, index) => (
              <li key={n.id}>
                <NotificationItem
                  ref={index === items.length - 1 ? lastItemRef : undefined}
                  notification={n}
                  timeZone={timeZone}
                  onOpen={openNotification}
                />
              </li>
            ))}
          </List>
        )}
        {loading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <CircularProgress size={24} aria-label={t('common.loading')} />
          </Box>
        )}
      </AppDialog>
      <ConfirmDialog
        open={confirming}
        message={t('notifications.confirmMarkAllRead')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void markAllNotificationsRead();
        }}
      />
    </>
  );
}
