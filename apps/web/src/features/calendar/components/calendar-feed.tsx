import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { handleError } from '../../../lib/api-client';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import {
  useCalendarFeedQuery,
  useRegenerateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} from '../calendar-api';

type Asking = 'regenerate' | 'revoke' | null;

/** The server writes the feed URL from its own base; shown whole so any calendar app can use it. */
function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).toString();
  } catch {
    return url;
  }
}

/**
 * The signed-in user's private iCalendar feed: create, copy, regenerate (the old URL stops
 * working) or revoke, for subscribing from Google Calendar or Apple Calendar.
 */
export function CalendarFeedPanel() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: feed, isLoading } = useCalendarFeedQuery();
  const [regenerate, regenerating] = useRegenerateCalendarFeedMutation();
  const [revoke, revoking] = useRevokeCalendarFeedMutation();
  const [asking, setAsking] = useState<Asking>(null);
  const busy = regenerating.isLoading || revoking.isLoading;
  const url = feed?.url ? absoluteUrl(feed.url) : null;

  const makeFeed = async (done: string) => {
    try {
      await regenerate().unwrap();
      dispatch(snackbarShown({ content: done, type: 'success' }));
    } catch (error) {
      handleError(error, t('calendar.feed.failed'));
    }
  };
  const revokeFeed = async () => {
    try {
      await revoke().unwrap();
      dispatch(snackbarShown({ content: t('calendar.feed.revoked'), type: 'success' }));
    } catch (error) {
      handleError(error, t('calendar.feed.failed'));
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      dispatch(snackbarShown({ content: t('calendar.feed.copied'), type: 'success' }));
    } catch {
      // Clipboard access can be refused (permissions, insecure origin): the URL stays selectable.
      dispatch(snackbarShown({ content: t('calendar.feed.copyFailed'), type: 'warning' }));
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby="calendar-feed-title"
      sx={{ mt: 5 }}
      data-testid="calendar-feed"
    >
      <Typography id="calendar-feed-title" variant="h2" component="h2" sx={{ mb: 1 }}>
        {t('calendar.feed.title')}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: 720 }}>{t('calendar.feed.intro')}</Typography>
      {isLoading ? null : url ? (
        <Stack spacing={1.5} sx={{ maxWidth: 720 }}>
          <TextField
            label={t('calendar.feed.url')}
            value={url}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            onFocus={(event) => event.target.select()}
            helperText={t('calendar.feed.private')}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
              {t('calendar.feed.copy')}
            </Button>
            <Button variant="outlined" onClick={() => setAsking('regenerate')} disabled={busy}>
              {t('calendar.feed.regenerate')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() => setAsking('revoke')}
              disabled={busy}
            >
              {t('calendar.feed.revoke')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('calendar.feed.howTo')}
          </Typography>
        </Stack>
      ) : (
        <Button
          variant="contained"
          onClick={() => makeFeed(t('calendar.feed.created'))}
          disabled={busy}
        >
          {t('calendar.feed.create')}
        </Button>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t(
          asking === 'revoke' ? 'calendar.feed.revokeTitle' : 'calendar.feed.regenerateTitle',
        )}
        message={t(
          asking === 'revoke' ? 'calendar.feed.revokeQuestion' : 'calendar.feed.regenerateQuestion',
        )}
        confirmLabel={t(asking === 'revoke' ? 'calendar.feed.revoke' : 'calendar.feed.regenerate')}
        onConfirm={() => {
          const action = asking;
          setAsking(null);
          if (action === 'revoke') void revokeFeed();
          else void makeFeed(t('calendar.feed.regenerated'));
        }}
        onCancel={() => setAsking(null)}
      />
    </Box>
  );
}
