import LoginIcon from '@mui/icons-material/Login';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOrRetry } from '../../components/feedback/lazy-retry';
import { SearchButton } from '../../features/search';
import { selectSessionStatus, selectUser } from '../../features/session';
import { paths } from '../../lib/route-paths';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { drawerToggled, selectDrawerOpen } from './shell-slice';
import { TopBarButton } from './top-bar-button';

// Signed-in users' buttons (badges, notifications) load only when someone is signed in.
const UserActions = lazy(async () => ({
  default: await loadOrRetry(async () => (await import('./user-actions')).default),
}));

/**
 * docs/product.md#routes-and-screens top bar: menu toggle, logo, search, language; for signed-in users Gallery, Register (students),
 * Notifications and Cart (students) with badges; for visitors Log in and Sign up.
 */
export function TopBar({ wide }: { wide: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const drawerOpen = useAppSelector(selectDrawerOpen);
  const sessionLoaded = useAppSelector(selectSessionStatus) === 'loaded';
  const student = user?.role === 'student';
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={1}
      data-testid="top-bar"
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      {/* On a phone a student's bar holds eight controls in 358 px: tighter gaps and smaller
          icon buttons keep them, and the cart badge, inside the bar (docs/product.md#routes-and-screens). */}
      <Toolbar
        sx={(theme) => ({
          gap: 1,
          [theme.breakpoints.down('sm')]: {
            gap: 0.5,
            '& .MuiIconButton-root': { p: 0.625 },
          },
        })}
      >
        <IconButton
          edge="start"
          color="inherit"
          aria-label={drawerOpen ? t('layout.closeMenu') : t('layout.openMenu')}
          aria-expanded={drawerOpen}
          onClick={() => dispatch(drawerToggled())}
          data-testid="drawer-toggle"
        >
          {drawerOpen && wide ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Logo wide={wide} loggedIn={user !== null} />
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={wide ? 1 : 0} sx={{ alignItems: 'center' }}>
          {/* Everyone searches (visitors find programmes): docs/product.md#search. */}
          <SearchButton />
          <LanguageSwitch />
          {/* Until the session is known, neither the visitor's nor the user's buttons are right. */}
          {!sessionLoaded ? null : user ? (
            <Suspense fallback={null}>
              <UserActions wide={wide} student={student} />
            </Suspense>
          ) : (
            <>
              <TopBarButton
                label={t('layout.login')}
                icon={<LoginIcon />}
                to={paths.login}
                wide={wide}
                testId="top-bar-login"
              />
              <TopBarButton
                label={t('layout.signUp')}
                icon={<PersonAddIcon />}
                to={paths.register}
                wide={wide}
                variant="contained"
                testId="top-bar-signup"
              />
            </>
          )}
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
