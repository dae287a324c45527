import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { DEMO_ACCOUNTS, type DemoAccount } from '../apps/server/src/db/demo-accounts';
import { type RunningServer, runDir, startWorkerServer } from './worker-server';

export { expect };

/** The demo accounts by the local part of their e-mail: admin, teacher, student, parent. */
export type DemoRole = 'admin' | 'teacher' | 'student' | 'parent';

export function demoAccount(role: DemoRole): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.email === `${role}@atelier.test`);
  if (!account) throw new Error(`no demo account for ${role}`);
  return account;
}

/** The SPA's base path: every client route lives under it (docs/product.md#routes-and-screens). */
export const APP = '/app';
/** The start page '/': react-router writes it as /app, a typed address may be /app/. */
export const HOME_URL = new RegExp(`${APP}/?$`);

/** Signs in through the real login form and waits for the landing page '/' (docs/product.md#routes-and-screens). */
export async function signInAs(page: Page, role: DemoRole): Promise<DemoAccount> {
  const account = demoAccount(role);
  await page.goto(`${APP}/login`);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(HOME_URL);
  return account;
}

// ---------------------------------------------------------------------------------------------
// Accessibility: every page a test visits is scanned with axe, and any serious or critical
// violation fails the test. Nothing to call, nothing to forget:
//
//  1. The `page` of every test, and any other page of its context (popups), is watched: each
//     main-frame page URL, the SPA's and the public site's (full loads and client-side route
//     changes alike), is recorded with the browser storage (the session token) as it was then. A page from a context the
//     test makes itself joins with `a11yWatch(page)`.
//  2. When the test has passed, each open page is scanned as it ends (open drawers and dialogs
//     included), once it has settled.
//  3. Every other URL it visited is reopened in a fresh context holding the storage recorded at
//     the visit, so it renders as that user saw it, and scanned there, unless a worker of the
//     run has scanned that kind of page for that kind of user already (`scanKey`, `ScannedPages`).
//     The pages open at the end and `checkA11y()` scan whatever was scanned before.
//
// For an intermediate state worth scanning (a dialog the test closes again), call `checkA11y()`.
// Scanning after the test rather than during it keeps axe from racing the test's own clicks.
// ---------------------------------------------------------------------------------------------

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Visit = { url: string; storage: Promise<StorageState | null> };

/** Who a storage state belongs to: the JWT's role and subject, or 'guest' without a token. */
function sessionOwner(storage: StorageState | null): string {
  const token = storage?.origins
    .flatMap((o) => o.localStorage)
    .find((item) => item.name === 'jwt')?.value;
  if (!token) return 'guest';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return `${String(payload.role)} ${String(payload.sub)}`;
  } catch {
    return 'unreadable-token';
  }
}

/**
 * What a scan stands for: the page as a kind (ids in the path and values in the query left out:
 * /app/orders/17?tab=paid is /app/orders/:id?tab=) seen by a kind of user (a role, or a guest).
 * Each kind is scanned once per run. Keyed by the exact address and account instead, every test
 * that registers its own family scanned the same pages again, and the audit took about as long as
 * the tests themselves.
 */
function scanKey(path: string, storage: StorageState | null): string {
  const url = new URL(path, 'http://page');
  const kind = url.pathname
    .split('/')
    .map((part) => (/^\d+$|^[0-9a-f-]{16,}$|^[A-Za-z0-9_-]{32,}$/.test(part) ? ':id' : part))
    .join('/');
  const query = [...url.searchParams.keys()].sort().map((key) => `${key}=`);
  const owner = sessionOwner(storage).split(' ')[0];
  return `${kind}${query.length > 0 ? `?${query.join('&')}` : ''} as ${owner}`;
}

/** Paths of this origin that are not pages: the API, files, the live channel, dev tools. */
const NOT_A_PAGE = /^\/(api|media|uploads|site-assets|dev|cable|healthz)(\/|$)|\.(xml|txt)$/;

/**
 * The path the audit knows a page by: the SPA's pages under /app and the public site's pages
 * (served by the server outside /app); null for the API, files and other origins.
 */
function pagePath(url: string, origin: string): string | null {
  const parsed = new URL(url);
  if (parsed.origin !== origin || NOT_A_PAGE.test(parsed.pathname)) return null;
  // /app and /app/ are the same page.
  return `${parsed.pathname.replace(/(.)\/$/, '$1')}${parsed.search}`;
}

/** Waits until the SPA has rendered and stopped moving: no loading spinner, no running transition. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // The SPA renders into #root; a public-site page is complete as served.
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !root || root.childElementCount > 0;
  });
  await page
    .locator('[role="progressbar"]:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {
      // An indeterminate progress bar that belongs to the page (an upload) is scanned as it is.
    });
  // A second answer (say, the family's waitlist after the catalogue) can start a transition after
  // the first ones ended, so the page counts as still only once a short pause starts none.
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .filter((a) => a.playState === 'running' || a.pending);
    for (let round = 0; round < 5; round++) {
      await Promise.all(running().map((a) => a.finished.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 250));
      if (running().length === 0) return;
    }
  });
}

type Violation = { id: string; impact: string; help: string; targets: string[] };

/**
 * The serious and critical violations of the page at rest. A page found with some is settled and
 * scanned again, and only what both scans find counts: a late answer can start a colour
 * transition after the page looked settled, and a button caught halfway between two colours once
 * failed a contrast check that its resting colours pass.
 */
async function blockingViolations(page: Page): Promise<Violation[]> {
  const first = await scanOnce(page);
  if (first.length === 0) return first;
  await settle(page);
  const again = await scanOnce(page);
  const seen = new Set(first.map((v) => v.id));
  return again.filter((v) => seen.has(v.id));
}

async function scanOnce(page: Page): Promise<Violation[]> {
  // Legacy mode runs axe in the page itself. The default opens a blank page for every scan to merge
  // the frames' results, which doubled a scan's cost (0.8 s against 0.4 s on a busy admin list)
  // and was a third of the end-to-end step's time. Legacy mode cannot reach a frame of another
  // origin; our pages embed none under test, and one that did fails here instead of going unscanned.
  const foreign = foreignFrames(page);
  if (foreign.length > 0) {
    return [
      {
        id: 'foreign-frame',
        impact: 'serious',
        help: 'a frame of another origin, which this audit cannot scan',
        targets: foreign,
      },
    ];
  }
  // Only violations are read: axe then keeps one node per passing rule instead of every node it
  // checked, which halved a scan (0.45 s against 0.9 s on the booking page).
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      // Where, and axe's own account of why (for contrast: the colours and the ratio).
      targets: v.nodes.slice(0, 5).map((n) => {
        const why = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
        return `${n.target.join(' ')} ${n.html.slice(0, 120)}${why ? `\n        ${why}` : ''}`;
      }),
    }));
}

/** The addresses of the page's frames served from another origin (http or https). */
function foreignFrames(page: Page): string[] {
  const origin = new URL(page.url()).origin;
  return page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
}

function formatViolations(where: string, violations: Violation[]): string {
  return [
    `axe: ${violations.length} serious/critical violation(s) on ${where}`,
    ...violations.map(
      (v) => `  - [${v.impact}] ${v.id}: ${v.help}\n      at ${v.targets.join('\n      at ')}`,
    ),
  ].join('\n');
}

/**
 * The kinds of page the run's workers have scanned: one file in the run's directory that each
 * appends to and reads, so a page one worker scanned is not reopened by the other. Two workers
 * reaching the same kind at once both scan it, which costs a scan and nothing else.
 */
class ScannedPages {
  private readonly known = new Set<string>();
  private readonly file = join(runDir(), 'a11y-scanned.txt');

  has(key: string): boolean {
    if (this.known.has(key)) return true;
    if (!existsSync(this.file)) return false;
    for (const line of readFileSync(this.file, 'utf8').split('\n')) if (line) this.known.add(line);
    return this.known.has(key);
  }

  add(key: string): void {
    if (this.known.has(key)) return;
    this.known.add(key);
    appendFileSync(this.file, `${key}\n`);
  }
}

class A11yAudit {
  private readonly pages: Page[] = [];
  private readonly visits: Visit[] = [];
  private readonly failures: string[] = [];

  constructor(
    private readonly origin: string,
    private readonly scanned: ScannedPages,
    private readonly testInfo: TestInfo,
  ) {}

  /** Records every page URL (the SPA's and the public site's) that `page` reaches, with its context's storage at the time. */
  watch(page: Page): void {
    if (this.pages.includes(page)) return;
    this.pages.push(page);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = frame.url();
      if (!pagePath(url, this.origin)) return;
      const storage = page
        .context()
        .storageState()
        .catch(() => null);
      this.visits.push({ url, storage });
    });
  }

  /**
   * Closes the contexts of the watched pages a test made itself (`browser.newContext()`), which
   * Playwright leaves open for the rest of the worker: their pages kept their live connections
   * and timers running through every later test of the worker, and showed in its failure
   * screenshots.
   */
  async closeOtherContexts(own: BrowserContext): Promise<void> {
    const others = new Set(this.pages.map((page) => page.context()).filter((c) => c !== own));
    await Promise.all([...others].map((context) => context.close().catch(() => undefined)));
  }

  /** Scans `page` as it is now; the test fails at its end if anything serious is found. */
  async checkNow(page: Page, label?: string): Promise<void> {
    await settle(page);
    const path = pagePath(page.url(), this.origin) ?? page.url();
    const storage = await page
      .context()
      .storageState()
      .catch(() => null);
    this.scanned.add(scanKey(path, storage));
    await this.record(label ? `${path} (${label})` : path, await blockingViolations(page));
  }

  /** The end-of-test audit: each open page in place, then each other visited URL afresh. */
  async finish(browser: Browser, contextOptions: Record<string, unknown>): Promise<void> {
    for (const page of this.pages) {
      if (!page.isClosed() && pagePath(page.url(), this.origin)) {
        await this.checkNow(page, 'as the test left it');
      }
    }
    // Visits not scanned yet, grouped by the storage they had: one fresh context per group.
    const groups = new Map<string, { storage: StorageState | null; paths: string[] }>();
    for (const visit of this.visits) {
      const path = pagePath(visit.url, this.origin) as string;
      const storage = await visit.storage;
      const key = scanKey(path, storage);
      if (this.scanned.has(key)) continue;
      this.scanned.add(key);
      const groupKey = JSON.stringify(storage);
      const group = groups.get(groupKey) ?? { storage, paths: [] };
      group.paths.push(path);
      groups.set(groupKey, group);
    }
    for (const { storage, paths } of groups.values()) {
      const context = await browser.newContext({
        ...contextOptions,
        storageState: storage ?? undefined,
      });
      try {
        const page = await context.newPage();
        for (const path of paths) {
          await page.goto(path);
          await settle(page);
          const landed = pagePath(page.url(), this.origin) ?? page.url();
          const owner = sessionOwner(storage);
          if (landed !== path) {
            // A redirect (a guard, /login for a guest): the page it led to counts as visited too.
            if (this.scanned.has(scanKey(landed, storage))) continue;
            this.scanned.add(scanKey(landed, storage));
          }
          const where = landed === path ? path : `${path} (which led to ${landed})`;
          await this.record(`${where} as ${owner}`, await blockingViolations(page));
        }
      } finally {
        await context.close();
      }
    }
    if (this.failures.length > 0) throw new Error(this.failures.join('\n\n'));
  }

  private async record(where: string, violations: Violation[]): Promise<void> {
    await this.testInfo.attach(`axe ${where}`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    });
    if (violations.length > 0) this.failures.push(formatViolations(where, violations));
  }
}

type TestFixtures = {
  /** Scans a page (the test's `page` by default) with axe now; the end-of-test audit runs anyway. */
  checkA11y: (label?: string, page?: Page) => Promise<void>;
  /**
   * Puts a page from another browser context (`browser.newContext()`) under the audit, and closes
   * that context when the test ends. Pages of the test's own context, popups included, are watched
   * without asking.
   */
  a11yWatch: (page: Page) => void;
  a11yAudit: A11yAudit;
};
type WorkerFixtures = {
  a11yScanned: ScannedPages;
  /** This worker's own server and database (worker-server.ts); `baseURL` points at it. */
  workerServer: RunningServer;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex, workerInfo.workerIndex);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    // Start-up copies the template database and waits for /healthz (worker-server.ts allows it
    // four minutes); stopping waits for the exit.
    { scope: 'worker', timeout: 270_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.baseURL),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  a11yScanned: [async ({}, use) => use(new ScannedPages()), { scope: 'worker' }],
  a11yAudit: [
    async (
      {
        page,
        context,
        browser,
        baseURL,
        a11yScanned,
        contextOptions,
        viewport,
        locale,
        timezoneId,
      },
      use,
      testInfo,
    ) => {
      const audit = new A11yAudit(new URL(baseURL ?? '').origin, a11yScanned, testInfo);
      audit.watch(page);
      context.on('page', (opened) => audit.watch(opened));
      await use(audit);
      try {
        // A failing test has already said what is wrong; a scan would only add noise.
        if (testInfo.status !== 'passed') return;
        await audit.finish(browser, { ...contextOptions, baseURL, viewport, locale, timezoneId });
      } finally {
        await audit.closeOtherContexts(context);
      }
    },
    // Its own time budget: reopening and scanning several pages can outlast the test's. A long
    // journey (a guest's booking, registration and payment) leaves fifteen pages to reopen, each a
    // fresh load, a settle and a scan: a few seconds apiece on a loaded two-core machine.
    { auto: true, timeout: 180_000 },
  ],
  checkA11y: async ({ a11yAudit, page }, use) => {
    await use((label?: string, other?: Page) => a11yAudit.checkNow(other ?? page, label));
  },
  a11yWatch: async ({ a11yAudit }, use) => {
    await use((other: Page) => a11yAudit.watch(other));
  },
});
