import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How the stand-in reloads the page when asked to (a test passes its own). */
type Reload = () => void;

const reloadPage: Reload = () => window.location.reload();

/**
 * Loads a lazily loaded part (a page, a dialog, the drawer). When the load fails — offline, the
 * server down, a file gone after a deployment — the answer is a stand-in with the same props that
 * says so and offers Retry, which loads the part again and then renders it in its place
 * (docs/decisions/051-failed-lazy-loads-offer-a-retry.md). The page is never reloaded on its own:
 * a reload while offline ends on the browser's error page, and throws away what was typed.
 * Never rejects, so neither the router nor `React.lazy` caches a failure for good.
 */
export async function loadOrRetry<P extends object>(
  load: () => Promise<ComponentType<P>>,
  reload: Reload = reloadPage,
): Promise<ComponentType<P>> {
  try {
    return await load();
  } catch (error) {
    console.error('A part of the app failed to load', error);
    return retryStandIn(load, reload);
  }
}

function retryStandIn<P extends object>(
  load: () => Promise<ComponentType<P>>,
  reload: Reload,
): ComponentType<P> {
  // Shared by every mount of this stand-in: once a retry loaded the part, later mounts show it.
  let loaded: ComponentType<P> | null = null;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per failed load, never during a render, so it keeps its identity (and its state) like any module-level component.
  return function LazyLoadRetry(props: P) {
    const { t } = useTranslation();
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded);
    const [loading, setLoading] = useState(false);
    if (Loaded) return <Loaded {...props} />;
    const retry = async () => {
      setLoading(true);
      try {
        const component = await load();
        loaded = component;
        setLoaded(() => component);
      } catch (error) {
        console.error('A part of the app failed to load again', error);
        setLoading(false);
      }
    };
    return (
      <Stack role="alert" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="load-failed">
        <Typography>{t('errors.loadFailed')}</Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => void retry()} disabled={loading}>
            {t('errors.retry')}
          </Button>
          {/* A file removed by a new deployment never loads again; only a fresh page has the new
              build. The user chooses it, knowing what is on the page. */}
          <Button onClick={reload} disabled={loading}>
            {t('errors.reloadPage')}
          </Button>
        </Stack>
      </Stack>
    );
  };
}
