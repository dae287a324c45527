import {
  APP_BASE,
  APP_PAGES,
  type AppPageId,
  appRobotsDisallows,
  PAGE_ACCESS_ROLES,
  ROLES,
  type Role,
} from '@atelier/contract';
import type { ReactElement } from 'react';
import { matchPath, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { enFeatures } from '../i18n/en-features';
import { ja } from '../i18n/ja';
import { jaFeatures } from '../i18n/ja-features';
import { paths } from '../lib/route-paths';
import { MENU_SECTIONS, PAGES } from './pages';
import { routes } from './router';
import { linkedEntries, type MenuEntry, myMenu } from './shell/menu-data';

// docs/architecture.md#adding-a-page: a page is one entry of the contract's APP_PAGES and one of
// PAGES. Whatever else names pages (the route table, the drawer, the strings, robots.txt) must
// agree with that list: each test below fails when a page is in one place and not another.

const ids = Object.keys(APP_PAGES) as AppPageId[];
const rolesOf = (id: AppPageId): readonly Role[] => {
  const access = APP_PAGES[id].access;
  return access === 'public' ? ROLES : PAGE_ACCESS_ROLES[access];
};
/** A page's path with its parameters filled in. */
const sample = (id: AppPageId) => APP_PAGES[id].path.replace(/:[a-z_]+/g, 'x1');
const pageAt = (pathname: string) =>
  ids.find((id) => matchPath(APP_PAGES[id].path.replace(/\/$/, '') || '/', pathname));

type Leaf = { path: string; roles: readonly Role[] | null };

/** Every route of the table with its full path and the roles its guard lets in (null: none). */
function leaves(list: RouteObject[], parent = '', roles: readonly Role[] | null = null): Leaf[] {
  return list.flatMap((route) => {
    const guard = (route.element as ReactElement<{ roles?: readonly Role[] }> | undefined)?.props
      ?.roles;
    const own = guard ?? roles;
    const path =
      route.index || route.path === undefined
        ? parent
        : `${parent}/${route.path}`.replace(/\/+/g, '/');
    if (route.children) return leaves(route.children, path, own);
    return [{ path: path || '/', roles: own }];
  });
}

type Tree = { [key: string]: string | Tree };
function text(tree: Tree, key: string): string | undefined {
  const found = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (node && typeof node === 'object' ? node[part] : undefined),
      tree,
    );
  return typeof found === 'string' ? found : undefined;
}
const english = { ...en, ...enFeatures } as unknown as Tree;
const japanese = { ...ja, ...jaFeatures } as unknown as Tree;

describe('the page list', () => {
  it('completes every page of the contract, and no other', () => {
    expect(Object.keys(PAGES)).toEqual(ids);
  });

  it('is what the route table holds: each page once, behind the guard its access names', () => {
    const table = leaves(routes).filter((leaf) => leaf.path !== '/*');
    const expected = ids.map((id) => ({
      path: APP_PAGES[id].path.replace(/(.)\/$/, '$1'),
      roles: APP_PAGES[id].access === 'public' ? null : rolesOf(id),
    }));
    const byPath = (a: Leaf, b: Leaf) => a.path.localeCompare(b.path);
    expect([...table].sort(byPath)).toEqual([...expected].sort(byPath));
  });

  it('leaves every other path to the not-found page', () => {
    expect(leaves(routes).filter((leaf) => leaf.path === '/*')).toEqual([
      { path: '/*', roles: null },
    ]);
  });

  it('builds each page path the route table matches', () => {
    for (const id of ids) {
      const path = paths[id];
      const url =
        typeof path === 'string' ? path : (path as (...v: string[]) => string)('x1', 'x1');
      expect({ id, url }).toEqual({ id, url: sample(id) });
      expect({ id, page: pageAt(url) }).toEqual({ id, page: id });
    }
  });

  it('gives each page a heading in English and Japanese', () => {
    for (const id of ids) {
      const key = PAGES[id].title;
      expect({ id, en: Boolean(text(english, key)), ja: Boolean(text(japanese, key)) }).toEqual({
        id,
        en: true,
        ja: true,
      });
    }
  });

  it('is where every page title string belongs: each of `pages.*` heads a page of the list', () => {
    const titles = new Set(ids.map((id) => PAGES[id].title));
    const unused = Object.keys(enFeatures.pages).filter(
      (key) => !titles.has(`pages.${key}` as never),
    );
    expect(unused).toEqual([]);
  });

  it('keeps out of robots.txt exactly the pages it marks so', () => {
    const lines = appRobotsDisallows();
    for (const id of ids) {
      const url = `${APP_BASE}${sample(id)}`;
      const kept = lines.some((line) => url.startsWith(line));
      expect({ id, kept }).toEqual({ id, kept: APP_PAGES[id].robots === 'disallow' });
    }
  });
});

describe('the drawer made from the page list', () => {
  const entries = (role: Role) =>
    myMenu(role).flatMap((e): MenuEntry[] => [e, ...(e.subMenus ?? [])]);

  it.each(ROLES)('leads a %s only to pages of the list their guard lets them open', (role) => {
    for (const entry of linkedEntries(myMenu(role))) {
      const id = pageAt(entry.link);
      expect({ link: entry.link, page: id !== undefined }).toEqual({
        link: entry.link,
        page: true,
      });
      if (id)
        expect({ link: entry.link, opens: rolesOf(id).includes(role) }).toEqual({
          link: entry.link,
          opens: true,
        });
    }
  });

  it.each(ROLES)('shows a %s every menu place the list gives them, each id once', (role) => {
    const shown = entries(role).map((e) => e.id);
    expect(new Set(shown).size).toBe(shown.length);
    const placed = ids.flatMap((id) =>
      (PAGES[id].menu ?? [])
        .filter((place) => place.roles.includes(role) || place.greyedFor?.includes(role))
        .map((place) => place.id),
    );
    const sections = Object.values(MENU_SECTIONS).map((s) => s.id as string);
    expect(shown.filter((id) => !sections.includes(id)).sort()).toEqual(placed.sort());
  });

  it('gives a page that takes parameters a menu place only with its link', () => {
    const unlinked = ids.flatMap((id) =>
      typeof paths[id] === 'string'
        ? []
        : (PAGES[id].menu ?? []).filter((place) => !place.link).map((place) => place.id),
    );
    expect(unlinked).toEqual([]);
  });
});
