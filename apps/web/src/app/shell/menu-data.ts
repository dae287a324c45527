import {
  type AppPageId,
  type PublicMenuEntry,
  publicMenuEntries,
  type Role,
} from '@atelier/contract';
import type { MessageKey } from '../../i18n/i18n';
import { paths } from '../../lib/route-paths';
import { MENU_SECTIONS, type MenuSection, PAGES } from '../pages';

/**
 * Where a menu link leads: `app` is a route of this SPA (client-side navigation), `site` a page of the
 * public site served outside the SPA (a plain link), `external` another site (opens in a new tab).
 */
export type LinkKind = 'app' | 'site' | 'external';

/** A menu entry of docs/product.md#data-the-client-sees: an empty `link` is shown greyed out and cannot be clicked. */
export type MenuEntry = {
  id: string;
  title: MessageKey;
  link: string;
  kind: LinkKind;
  subMenus?: MenuEntry[];
};

/**
 * The public menu of docs/product.md#routes-and-screens (the Web section of the drawer): the
 * contract's, which the server's pages show too, as drawer entries.
 */
export function publicMenu(blogUrl: string): MenuEntry[] {
  const entry = (e: PublicMenuEntry): MenuEntry => ({
    id: e.id,
    title: `menu.${e.label}`,
    link: 'href' in e ? e.href : '',
    kind: 'href' in e && e.external ? 'external' : 'site',
    ...('children' in e ? { subMenus: e.children.map(entry) } : {}),
  });
  return publicMenuEntries(blogUrl).map(entry);
}

type Slot = { order: number; entry: MenuEntry };

const byOrder = (a: Slot, b: Slot) => a.order - b.order;

/**
 * The drawer's My section (docs/product.md#roles "Drawer menu by role"), made from the menu places
 * of the page list (app/pages.ts): the role's entries, each section holding the role's entries for
 * it, in their order; a section the role has no entry in is not shown.
 */
export function myMenu(role: Role): MenuEntry[] {
  const top: Slot[] = [];
  const sections = new Map<MenuSection, Slot[]>();
  for (const id of Object.keys(PAGES) as AppPageId[]) {
    for (const place of PAGES[id].menu ?? []) {
      const greyed = place.greyedFor?.includes(role) ?? false;
      if (!greyed && !place.roles.includes(role)) continue;
      const path = paths[id];
      const link = greyed ? '' : (place.link ?? (typeof path === 'string' ? path : ''));
      const slot = {
        order: place.order,
        entry: { id: place.id, title: place.title ?? PAGES[id].title, link, kind: 'app' as const },
      };
      if (place.section)
        sections.set(place.section, [...(sections.get(place.section) ?? []), slot]);
      else top.push(slot);
    }
  }
  for (const [section, slots] of sections) {
    const { id, title, order } = MENU_SECTIONS[section];
    const subMenus = slots.sort(byOrder).map((s) => s.entry);
    top.push({ order, entry: { id, title, link: '', kind: 'app', subMenus } });
  }
  return top.sort(byOrder).map((s) => s.entry);
}

/** Entries with a link, flattened: the signed-in home page offers them as shortcuts. */
export function linkedEntries(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [
    ...(e.link ? [e] : []),
    ...(e.subMenus ? linkedEntries(e.subMenus) : []),
  ]);
}

/** Whether the current location is one of the entry's sub-links (the submenu then auto-expands). */
export function submenuMatches(entry: MenuEntry, pathname: string): boolean {
  return (entry.subMenus ?? []).some(
    (sub) => sub.kind === 'app' && sub.link !== '' && pathMatches(sub.link, pathname),
  );
}

/** `/gallery` matches `/gallery` and `/gallery/feedback`, not `/gallery-x`; `/` only matches `/`. */
export function pathMatches(link: string, pathname: string): boolean {
  const target = link.split('?')[0] ?? link;
  if (target === '/') return pathname === '/';
  return pathname === target || pathname.startsWith(`${target}/`);
}
