import { type PublicMenuEntry, publicMenuEntries, type Role } from '@atelier/contract';
import type { MessageKey } from '../../i18n/i18n';
import { paths } from '../../lib/route-paths';

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

const app = (id: string, title: MessageKey, link: string, subMenus?: MenuEntry[]): MenuEntry => ({
  id,
  title,
  link,
  kind: 'app',
  ...(subMenus ? { subMenus } : {}),
});

/** A link not built yet: shown, greyed out, not clickable (docs/product.md#routes-and-screens). */
const notYet = (id: string, title: MessageKey): MenuEntry => app(id, title, '');

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

/** The drawer's My section (docs/product.md#roles "Drawer menu by role"). */
export function myMenu(role: Role): MenuEntry[] {
  const entries: MenuEntry[] = [
    app('top', 'menu.top', paths.home),
    app('account-settings', 'menu.accountSettings', paths.accountSettings),
    app('gallery-section', 'menu.gallerySection', '', [
      app('gallery', 'menu.gallery', paths.gallery),
      app('photobox', 'menu.photobox', paths.photoBox),
    ]),
  ];
  if (role === 'student' || role === 'teacher') {
    entries.push(
      app('my-classes', 'menu.myClasses', '', [
        app('classes-schedule', 'menu.classesSchedule', paths.classes),
        // Families do not send class messages (they read theirs on Classes Schedule): the entry
        // docs/product.md#roles lists for them stays greyed (docs/product.md#class-messages).
        role === 'teacher'
          ? app('send-message', 'menu.sendMessage', paths.messages)
          : notYet('send-message', 'menu.sendMessage'),
        // Teachers may keep coupons and user groups like admins (docs/product.md#coupons-and-user-groups),
        // so the routes their guard lets them open get entries too.
        ...(role === 'teacher'
          ? [
              app('teacher-manage-coupons', 'menu.manageCoupons', paths.manageCoupons),
              app('teacher-manage-user-group', 'menu.manageUserGroup', paths.userGroup('1')),
            ]
          : []),
      ]),
    );
  }
  if (role === 'student') {
    entries.push(app('orders', 'menu.orders', paths.orders));
  }
  if (role === 'admin') {
    entries.push(
      app('admin-classes', 'menu.classes', '', [
        app('admin-schedule', 'menu.schedule', paths.classes),
        app('manage-class', 'menu.manageClass', paths.manageClasses),
        app('manage-plans', 'menu.managePlans', paths.managePlans),
        app('manage-coupons', 'menu.manageCoupons', paths.manageCoupons),
        app('admin-send-message', 'menu.sendMessage', paths.messages),
      ]),
      app('customers', 'menu.customers', '', [
        app('edit-customer', 'menu.editCustomer', paths.customers),
        app('sales-overview', 'menu.salesOverview', paths.salesOverview),
        app('manage-orders', 'menu.orders', paths.manageOrders),
        app('manage-user-group', 'menu.manageUserGroup', paths.userGroup('1')),
      ]),
    );
  }
  return entries;
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
