import { DRAWER_WIDTH_PX } from '@atelier/contract';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/avatar/user-avatar';
import { selectUser, signOut } from '../../features/session';
import { clientConfig } from '../../lib/client-config';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { menuFontSize } from '../theme';
import { DrawerMenu } from './drawer-menu';
import { DRAWER_ID } from './layout-ids';
import { myMenu, publicMenu } from './menu-data';
import { drawerClosed, selectDrawerOpen } from './shell-slice';

/** The drawer's content (docs/product.md#routes-and-screens "Drawer", and #roles): greeting, My section by role, Web section, Log out. */
function DrawerContent({ wide }: { wide: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const web = useMemo(() => publicMenu(clientConfig().blogUrl), []);
  const mine = useMemo(() => (user ? myMenu(user.role) : []), [user]);
  // docs/product.md#routes-and-screens: on small screens the menu closes after navigating.
  const onNavigate = () => {
    if (!wide) dispatch(drawerClosed());
  };
  // The section title is the first item of the section's list, as a heading.
  const subheader = (text: string) => (
    <ListSubheader component="li" sx={{ lineHeight: '32px' }}>
      <Box
        component="h2"
        sx={{ m: 0, fontSize: menuFontSize.subItem, fontWeight: 700, lineHeight: 'inherit' }}
      >
        {text}
      </Box>
    </ListSubheader>
  );

  return (
    <Box component="nav" aria-label={t('layout.mainMenu')} data-testid="drawer-nav">
      {user && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
          <UserAvatar name={user.name} src={user.avatar_url} size="small" />
          <Typography
            sx={{ fontSize: menuFontSize.item, fontWeight: 600 }}
            data-testid="drawer-greeting"
          >
            {t('layout.greeting', { name: user.name })}
          </Typography>
        </Box>
      )}
      {user && (
        <List dense data-testid="drawer-my-section">
          {subheader(t('layout.mySection'))}
          <DrawerMenu entries={mine} onNavigate={onNavigate} />
        </List>
      )}
      {user && <Divider />}
      <List dense data-testid="drawer-web-section">
        {subheader(t('layout.webSection'))}
        <DrawerMenu entries={web} onNavigate={onNavigate} />
      </List>
      {user && (
        <>
          <Divider />
          <List dense>
            <li>
              <ListItemButton
                onClick={() => {
                  onNavigate();
                  void dispatch(signOut());
                }}
                data-testid="menu-logout"
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <LogoutIcon aria-hidden="true" />
                </ListItemIcon>
                <ListItemText
                  primary={t('layout.logout')}
                  slotProps={{ primary: { sx: { fontSize: menuFontSize.item } } }}
                />
              </ListItemButton>
            </li>
          </List>
        </>
      )}
    </Box>
  );
}

/**
 * The 200px side drawer: docked beside the page on wide screens (pushing the content), a modal
 * panel over it on small screens.
 */
export function AppDrawer({ wide }: { wide: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const storeOpen = useAppSelector(selectDrawerOpen);
  // On the render where the screen turns narrow the store still says open (the layout closes it
  // right after). Mounting the modal panel open for that one render would leave the page
  // aria-hidden behind it, so it starts closed instead.
  const wasWide = useRef(wide);
  const turningNarrow = wasWide.current && !wide;
  useLayoutEffect(() => {
    wasWide.current = wide;
  });
  const open = storeOpen && !turningNarrow;
  const paper = { width: DRAWER_WIDTH_PX, boxSizing: 'border-box' as const };
  if (wide) {
    return (
      <Drawer
        key="docked"
        id={DRAWER_ID}
        variant="persistent"
        anchor="left"
        open={open}
        data-testid="app-drawer"
        data-open={open}
        sx={{ width: open ? DRAWER_WIDTH_PX : 0, flexShrink: 0, '& .MuiDrawer-paper': paper }}
      >
        {/* Clears the fixed top bar. */}
        <Toolbar data-testid="drawer-top-bar-spacer" />
        <DrawerContent wide />
      </Drawer>
    );
  }
  return (
    // A fresh modal when the screen turns narrow (keyed), so it never inherits the docked drawer's
    // state and always cleans up the page's aria-hidden when it closes.
    <Drawer
      key="modal"
      id={DRAWER_ID}
      variant="temporary"
      anchor="left"
      open={open}
      onClose={() => dispatch(drawerClosed())}
      // The modal panel is a dialog: it needs a name of its own.
      slotProps={{ paper: { 'aria-label': t('layout.mainMenu') } }}
      data-testid="app-drawer"
      data-open={open}
      sx={{ '& .MuiDrawer-paper': paper }}
    >
      {/* The top bar stays above the modal panel (its menu button closes it): the panel's content
          starts below it, or the avatar and greeting would sit under the bar. */}
      <Toolbar data-testid="drawer-top-bar-spacer" />
      <DrawerContent wide={false} />
    </Drawer>
  );
}
