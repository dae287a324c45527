import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { menuFontSize } from '../theme';
import { type MenuEntry, pathMatches, submenuMatches } from './menu-data';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type ItemProps = { entry: MenuEntry; nested: boolean; onNavigate: () => void };

/** One leaf entry: an app route, a public-site page, an external page, or greyed out (no link). */
function MenuLink(props: ItemProps) {
  return (
    <li>
      <MenuLinkButton {...props} />
    </li>
  );
}

function MenuLinkButton({ entry, nested, onNavigate }: ItemProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const fontSize = nested ? menuFontSize.subItem : menuFontSize.item;
  const sx = { pl: nested ? 4 : 2 };
  const text = (
    <ListItemText primary={t(entry.title)} slotProps={{ primary: { sx: { fontSize } } }} />
  );
  const testId = `menu-${entry.id}`;

  if (entry.link === '') {
    // docs/product.md#routes-and-screens: an entry with an empty link is greyed out and not clickable.
    return (
      <ListItemButton disabled sx={sx} data-testid={testId}>
        {text}
      </ListItemButton>
    );
  }
  if (entry.kind === 'app') {
    const current = pathMatches(entry.link, pathname);
    return (
      <ListItemButton
        component={RouterLink}
        to={entry.link}
        selected={current}
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
        sx={sx}
        data-testid={testId}
      >
        {text}
      </ListItemButton>
    );
  }
  if (entry.kind === 'external') {
    return (
      <ListItemButton
        component="a"
        href={entry.link}
        target="_blank"
        rel="noopener noreferrer"
        sx={sx}
        data-testid={testId}
      >
        <ListItemText
          primary={
            <>
              {t(entry.title)}
              <OpenInNewIcon
                aria-hidden="true"
                sx={{ fontSize: fontSize, ml: 0.5, verticalAlign: 'middle' }}
              />
              <span style={visuallyHidden}> {t('common.opensInNewTab')}</span>
            </>
          }
          slotProps={{ primary: { sx: { fontSize } } }}
        />
      </ListItemButton>
    );
  }
  // A page of the public site, served outside this app: a plain link with a full page load.
  return (
    <ListItemButton component="a" href={entry.link} sx={sx} data-testid={testId}>
      {text}
    </ListItemButton>
  );
}

/** An entry with sub-entries: a toggle that auto-expands when the current path is one of them. */
function Submenu({ entry, onNavigate }: { entry: MenuEntry; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const matches = submenuMatches(entry, pathname);
  const [open, setOpen] = useState(matches);
  const listId = useId();
  useEffect(() => {
    if (matches) setOpen(true);
  }, [matches]);
  return (
    <li>
      <ListItemButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        data-testid={`menu-${entry.id}`}
      >
        <ListItemText
          primary={t(entry.title)}
          slotProps={{ primary: { sx: { fontSize: menuFontSize.item } } }}
        />
        {open ? <ExpandLess aria-hidden="true" /> : <ExpandMore aria-hidden="true" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding>
          {(entry.subMenus ?? []).map((sub) => (
            <MenuLink key={sub.id} entry={sub} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </li>
  );
}

/** The entries of one drawer section, each a list item of the section's list. */
export function DrawerMenu({
  entries,
  onNavigate,
}: {
  entries: MenuEntry[];
  onNavigate: () => void;
}) {
  return (
    <>
      {entries.map((entry) =>
        entry.subMenus ? (
          <Submenu key={entry.id} entry={entry} onNavigate={onNavigate} />
        ) : (
          <MenuLink key={entry.id} entry={entry} nested={false} onNavigate={onNavigate} />
        ),
      )}
    </>
  );
}
