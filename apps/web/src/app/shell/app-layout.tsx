import { DRAWER_WIDTH_PX } from '@atelier/contract';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AppSnackbar } from '../../components/feedback/app-snackbar';
import { loadOrRetry } from '../../components/feedback/lazy-retry';
import { LoadingOverlay } from '../../components/feedback/loading-overlay';
import { useLatched } from '../../components/use-latched';
import { useCart } from '../../features/cart';
import { isAuthPage } from '../../lib/route-paths';
import { selectSnackbar } from '../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { HydrateLater } from '../hydration-steps';
import { Footer } from './footer';
import { MAIN_CONTENT_ID } from './layout-ids';
import { PageProgress } from './page-progress';
import {
  DEFAULT_APP_TITLE,
  drawerClosed,
  drawerOpened,
  selectAppTitle,
  selectDrawerOpen,
  selectLoading,
} from './shell-slice';
import { TopBar } from './top-bar';
import { useWideScreen } from './use-wide-screen';

// The drawer, which a first visit to /login does not show (it starts closed there), loads when
// first needed, keeping that page's bundle small. The snackbar and the loading overlay do not:
// they are how a failed call is told, and the call may have failed because the network is gone,
// taking any load on demand with it (docs/decisions/051-failed-lazy-loads-offer-a-retry.md).
const AppDrawer = lazy(async () => ({
  default: await loadOrRetry(async () => (await import('./app-drawer')).AppDrawer),
}));
/** The document title is the app title: the gallery name unless a page set another (docs/product.md#who-uses-it). */
function useDocumentTitle() {
  const { t } = useTranslation();
  const appTitle = useAppSelector(selectAppTitle);
  const title = appTitle === DEFAULT_APP_TITLE ? t('app.galleryName') : appTitle;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * docs/product.md#routes-and-screens layout around every page: top bar, drawer, the page, footer, plus the app-wide snackbar
 * and loading overlay. The drawer starts open on wide screens except on the login and register
 * pages, and closes after each navigation on small screens.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // docs/product.md#client-state: once the session is loaded the cart loads, whatever the page.
  useCart();
  const wide = useWideScreen();
  const { pathname } = useLocation();
  const authPage = isAuthPage(pathname);
  const drawerOpen = useAppSelector(selectDrawerOpen);
  const loading = useAppSelector(selectLoading);
  const drawerMounted = useLatched(drawerOpen);
  const snackbarMounted = useLatched(useAppSelector(selectSnackbar).open);
  const overlayMounted = useLatched(loading);
  useDocumentTitle();

  useEffect(() => {
    if (wide) dispatch(authPage ? drawerClosed() : drawerOpened());
  }, [dispatch, wide, authPage]);

  // Before paint, so a drawer docked open on a wide screen does not flash as a modal panel when
  // the screen turns narrow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useLayoutEffect(() => {
    if (!wide) dispatch(drawerClosed());
  }, [dispatch, wide, pathname]);

  const docked = wide && drawerOpen;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href={`#${MAIN_CONTENT_ID}`}
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper', color: 'text.primary' },
        }}
      >
        {t('layout.skipToContent')}
      </Box>
      <PageProgress />
      <HydrateLater part="top-bar">
        <TopBar wide={wide} />
      </HydrateLater>
      {drawerMounted && (
        <Suspense fallback={null}>
          <AppDrawer wide={wide} />
        </Suspense>
      )}
      <Box
        sx={{
          flexGrow: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          width: docked ? `calc(100% - ${DRAWER_WIDTH_PX}px)` : '100%',
        }}
      >
        <Toolbar />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, outline: 'none' }}
        >
          <Outlet />
        </Box>
        <HydrateLater part="footer">
          <Footer />
        </HydrateLater>
      </Box>
      {snackbarMounted && <AppSnackbar />}
      {overlayMounted && <LoadingOverlay open={loading} />}
    </Box>
  );
}
