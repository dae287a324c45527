import { describe, expect, it } from 'vitest';
import { APP_BASE } from './app.paths';
import { APP_PAGES, type AppPageRule, appRobotsDisallows } from './app-pages';

const pages = Object.entries(APP_PAGES) as [string, AppPageRule][];

/** An address of the page, its parameters filled in. */
const sampleUrl = (page: AppPageRule) => `${APP_BASE}${page.path.replace(/:[a-z_]+/g, 'x1')}`;

/** How robots.txt reads a `Disallow:` line: a prefix of the path. */
const disallowed = (url: string) => appRobotsDisallows().some((line) => url.startsWith(line));

describe('APP_PAGES', () => {
  it('gives each page its own path', () => {
    const paths = pages.map(([, page]) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps every page behind sign-in out of search engines', () => {
    const open = pages.filter(([, p]) => p.access !== 'public' && p.robots !== 'disallow');
    expect(open.map(([id]) => id)).toEqual([]);
  });

  it('writes robots lines that keep out exactly the disallowed pages', () => {
    for (const [id, page] of pages) {
      expect({ id, disallowed: disallowed(sampleUrl(page)) }).toEqual({
        id,
        disallowed: page.robots === 'disallow',
      });
    }
  });

  it('leaves /app/register crawlable but not the pages below it', () => {
    expect(disallowed('/app/register')).toBe(false);
    expect(disallowed('/app/register/check_email')).toBe(true);
    expect(disallowed('/app/register/abc')).toBe(true);
  });

  it('derives the robots lines robots.txt has always had', () => {
    expect(appRobotsDisallows()).toEqual([
      '/app/account_settings',
      '/app/cart',
      '/app/checkout',
      '/app/classes',
      '/app/customers',
      '/app/gallery',
      '/app/guardian_invitation',
      '/app/manage_agreements',
      '/app/manage_billing',
      '/app/manage_classes',
      '/app/manage_coupons',
      '/app/manage_orders',
      '/app/manage_passes',
      '/app/manage_plans',
      '/app/manage_rooms',
      '/app/messages',
      '/app/orders',
      '/app/password_reset/',
      '/app/photo_box',
      '/app/photo_upload',
      '/app/refund',
      '/app/register/',
      '/app/sales_overview',
      '/app/sandbox',
      '/app/user_groups',
    ]);
  });
});
