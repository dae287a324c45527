import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** How long a navigation may take before the bar shows: a quick one would only make it flash. */
export const PAGE_PROGRESS_DELAY_MS = 300;

/**
 * A bar across the top of the window while the next page is on its way (its code and strings:
 * every page is a lazy route, and the router keeps the last page up until the next has arrived).
 * Without it a slow network leaves a click looking ignored (docs/product.md#routes-and-screens).
 */
export function PageProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PAGE_PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!busy || !shown) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
      }}
    >
      <LinearProgress aria-label={t('layout.pageLoading')} data-testid="page-progress" />
    </Box>
  );
}
