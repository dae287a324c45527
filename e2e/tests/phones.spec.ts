import { APP_PAGES, type AppPageId, type PageAccess } from '@atelier/contract';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { paths } from '../../apps/web/src/lib/route-paths';
import { APP, expect, settle, signInAs, test } from '../fixtures';
import { addPastKlass, apiToken, bearer, emptyCart, familyMember, scheduleOf } from '../helpers';

// docs/product.md#routes-and-screens (Phones): every page works on a 390 px wide phone. Each page of the app's page
// list (the contract's APP_PAGES, so that a new page is opened here too) and of the public site is
// opened at 390×844 by the roles that can see it, and must not scroll sideways.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

type PathName = AppPageId;
/** Who may open a page, as the page list gives it (and the route table guards it). */
type Guard = PageAccess;

/** The page groups each role opens; signed-in roles also see the public pages their top bar changes. */
const SEEN_BY: Record<'guest' | 'parent' | 'teacher' | 'admin', Guard[]> = {
  guest: ['public'],
  parent: ['anyUser', 'student'],
  teacher: ['anyUser', 'teacherOrAdmin'],
  admin: ['anyUser', 'teacherOrAdmin', 'admin'],
};
const PUBLIC_FOR_USERS: PathName[] = ['home', 'bookClass', 'cart', 'cartItem', 'checkout'];

/** Real ids from the demo seed (or made by the test) for the pages that take one. */
type Ids = {
  cartItem: string;
  galleryStudent: string;
  klassGroup: string;
  schedule: string;
};

function urlOf(name: PathName, ids: Ids): string {
  const token = 'phone-check-token';
  const path = paths[name];
  if (typeof path === 'string') return path;
  switch (name) {
    case 'registerComplete':
    case 'registerConfirm':
    case 'passwordResetToken':
    case 'accountSettingsEmail':
    case 'guardianInvitation':
    case 'accountDeletion':
      return (path as (t: string) => string)(token);
    case 'cartItem':
      return paths.cartItem(ids.cartItem);
    case 'galleryStudent':
      return paths.galleryStudent(ids.galleryStudent);
    case 'userGroup':
      return paths.userGroup('1');
    case 'manageClass':
      return paths.manageClass(ids.klassGroup);
    case 'manageSchedule':
      return paths.manageSchedule(ids.klassGroup, ids.schedule);
    default:
      throw new Error(`no id for the page ${name}`);
  }
}

function pagesOf(role: keyof typeof SEEN_BY, ids: Ids): string[] {
  const names = (Object.keys(APP_PAGES) as PathName[]).filter(
    (name) =>
      SEEN_BY[role].includes(APP_PAGES[name].access) ||
      (role !== 'guest' && PUBLIC_FOR_USERS.includes(name)),
  );
  return names.map((name) => `${APP}${urlOf(name, ids)}`);
}

/**
 * What sticks out past the right edge of the screen: the outermost such elements that no
 * scrolling container of their own clips (those scroll inside it, not the page).
 */
async function overflow(page: Page): Promise<{ scrollWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: Element): boolean => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1 || clipped(el)) continue;
      // Laid out but not shown (a closed <details>' content, a hidden element) sticks out nowhere.
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Only the outermost: its children that stick out with it add nothing.
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 1) {
        continue;
      }
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid');
      const classes = Array.from(el.classList).slice(0, 3).join('.');
      const text = (el.textContent ?? '').trim().slice(0, 40);
      offenders.push(
        `<${el.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}${classes ? ` .${classes}` : ''}> right=${Math.round(box.right)} "${text}"`,
      );
    }
    return { scrollWidth: document.documentElement.scrollWidth, offenders: offenders.slice(0, 8) };
  });
}

type Scan = (label?: string) => Promise<void>;

/**
 * Opens each page in turn; returns what overflowed where (all pages, so one run names every
 * fault). Each page it lands on is scanned by axe while it is open (`checkA11y`), once, which
 * spares the end-of-test audit reopening every one of them.
 */
async function overflowingPages(
  page: Page,
  urls: string[],
  checkA11y: Scan,
  prepare?: (page: Page) => Promise<void>,
): Promise<string[]> {
  const faults: string[] = [];
  // A guarded page sends a visitor to /login: that page is scanned once, not once per guard.
  const scanned = new Set<string>();
  for (const url of urls) {
    await page.goto(url);
    await settle(page);
    await prepare?.(page);
    const landed = new URL(page.url()).pathname;
    if (!scanned.has(landed)) {
      scanned.add(landed);
      await checkA11y();
    }
    const { scrollWidth, offenders } = await overflow(page);
    // A fixed element (the top bar) that sticks out does not widen the page, but is cut all the same.
    if (scrollWidth > PHONE.width || offenders.length > 0) {
      faults.push(`${url}: page is ${scrollWidth}px wide\n    ${offenders.join('\n    ')}`);
    }
  }
  return faults;
}

/**
 * True when the whole element is on screen: inside the window and not cut by any scrolling or
 * clipping box around it (a table column scrolled out of its container is not visible).
 */
async function fullyShown(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.left < -1 || box.right > window.innerWidth + 1) return false;
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === 'visible') continue;
      const outer = up.getBoundingClientRect();
      if (box.left < outer.left - 1 || box.right > outer.right + 1) return false;
    }
    return true;
  });
}

async function demoIds(request: APIRequestContext): Promise<Ids> {
  const parent = await apiToken(request, 'parent');
  const catalogue = await request.get('/api/v1/catalogue/klass_groups/observational-drawing');
  const klassGroup = ((await catalogue.json()) as { data: { id: string } }).data.id;
  const { scheduleId, planId } = await scheduleOf(request, 'observational-drawing', '');
  const child = await familyMember(request, parent, /^Mia /);
  // The family's cart holds one booking: the cart badge shows, and /cart/{id} has a real item.
  await emptyCart(request, 'parent');
  const added = await request.post('/api/v2/cart_items', {
    headers: bearer(parent),
    data: {
      cart_item: {
        klass_group_schedule_id: scheduleId,
        plan_id: planId,
        number_of_attendees: 1,
        attendee_profile_ids: [child],
        addon_ids: [],
        coupon_code: null,
      },
    },
  });
  expect([200, 201]).toContain(added.status());
  const cartItem = ((await added.json()) as { data: { id: string } }).data.id;
  return { cartItem, galleryStudent: child, klassGroup, schedule: scheduleId };
}

async function checkRole(
  page: Page,
  role: keyof typeof SEEN_BY,
  ids: Ids,
  checkA11y: Scan,
): Promise<void> {
  // Dozens of pages, each opened, measured and scanned: 3 minutes on a loaded CI machine.
  test.setTimeout(360_000);
  if (role !== 'guest') await signInAs(page, role);
  const faults = await overflowingPages(page, pagesOf(role, ids), checkA11y);
  expect(faults, faults.join('\n')).toEqual([]);
}

test('every app page fits a phone for a visitor', async ({ page, request, checkA11y }) => {
  await checkRole(page, 'guest', await demoIds(request), checkA11y);
});

test('every public-site page fits a phone, its menu opened', async ({ page, checkA11y }) => {
  test.setTimeout(360_000);
  await page.goto('/?noredirect=1');
  const origin = new URL(page.url()).origin;
  const hrefs = await page
    .locator('header a[href], nav a[href], footer a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const sitePaths = [
    '/?noredirect=1',
    ...new Set(
      hrefs
        .map((href) => new URL(href))
        .filter((url) => url.origin === origin && !url.pathname.startsWith(APP))
        .map((url) => `${url.pathname}${url.search}`),
    ),
  ];
  expect(sitePaths).toContain('/student-gallery');
  expect(sitePaths).toContain('/contact-us');
  // Below 800 px a programme group's submenu opens in the flow of the menu: open them all.
  const faults = await overflowingPages(page, sitePaths, checkA11y, (opened) =>
    opened.locator('.menu details').evaluateAll((groups) => {
      for (const group of groups) (group as HTMLDetailsElement).open = true;
    }),
  );
  expect(faults, faults.join('\n')).toEqual([]);
});

test('every page of a family fits a phone, with the cart badge, attendance and full class titles in view', async ({
  page,
  request,
  checkA11y,
}) => {
  const ids = await demoIds(request);
  // A session of the family's class that has started, so its attendance list has rows.
  const { scheduleId } = await scheduleOf(request, 'observational-drawing', '');
  await addPastKlass(request, scheduleId, 2);

  await checkRole(page, 'parent', ids, checkA11y);

  // The cart button and its badge sit wholly inside the top bar.
  await page.goto(`${APP}/classes`);
  await settle(page);
  const bar = await page.getByTestId('top-bar').boundingBox();
  const badge = page.getByTestId('top-bar-cart').locator('.MuiBadge-badge');
  await expect(badge).toHaveText('1');
  const badgeBox = await badge.boundingBox();
  expect(bar && badgeBox).toBeTruthy();
  if (bar && badgeBox) {
    expect(badgeBox.x).toBeGreaterThanOrEqual(bar.x);
    expect(badgeBox.y).toBeGreaterThanOrEqual(bar.y);
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(bar.x + bar.width);
    expect(badgeBox.y + badgeBox.height).toBeLessThanOrEqual(bar.y + bar.height);
  }
  expect(await fullyShown(badge)).toBe(true);

  // The family attendance list shows each row's mark.
  const attendance = page.getByTestId('family-attendance');
  const mark = attendance.getByText('Not marked yet').first();
  await expect(mark).toBeVisible();
  expect(await fullyShown(mark)).toBe(true);

  // The month grid shows each session's whole title (wrapped), and names it whole.
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  // (Other specs on this worker may have booked the family more classes: find this one.)
  const entry = page
    .getByTestId('calendar-entry')
    .filter({ has: page.getByText('Observational Drawing', { exact: true }) })
    .first();
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAccessibleName(/Observational Drawing/);
  const cut = await page.getByTestId('calendar-entry').evaluateAll((entries) =>
    entries
      .flatMap((e) => [e, ...Array.from(e.querySelectorAll('*'))])
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.textContent),
  );
  expect(cut).toEqual([]);
});

test('every page of a teacher fits a phone', async ({ page, request, checkA11y }) => {
  await checkRole(page, 'teacher', await demoIds(request), checkA11y);
});

test('every page of an admin fits a phone, with the orders’ status and total in view', async ({
  page,
  request,
  checkA11y,
}) => {
  await checkRole(page, 'admin', await demoIds(request), checkA11y);
  await page.goto(`${APP}/manage_orders`);
  await settle(page);
  const order = page.locator('[data-testid^="order-row-"]').first();
  await expect(order).toBeVisible();
  for (const field of ['status', 'total']) {
    const cell = order.locator(`[data-column="${field}"]`);
    await expect(cell).toBeVisible();
    expect(await fullyShown(cell), field).toBe(true);
  }

  // The sales range: both dates on one line, and each wrapped line starts at the left edge.
  await page.goto(`${APP}/sales_overview`);
  await settle(page);
  const from = await page.getByRole('textbox', { name: 'From', exact: true }).boundingBox();
  const to = await page.getByRole('textbox', { name: 'To', exact: true }).boundingBox();
  const interval = await page.getByRole('group', { name: 'Group by' }).boundingBox();
  const gross = await page.getByTestId('sales-summary').locator(':scope > *').first().boundingBox();
  const orders = await page.getByTestId('sales-summary').locator(':scope > *').last().boundingBox();
  expect(from && to && interval && gross && orders).toBeTruthy();
  if (from && to && interval && gross && orders) {
    expect(Math.abs(from.y - to.y)).toBeLessThanOrEqual(1);
    expect(to.x + to.width).toBeLessThanOrEqual(PHONE.width);
    expect(Math.abs(interval.x - from.x)).toBeLessThanOrEqual(1);
    // The fourth figure wraps under the first, not indented.
    if (orders.y > gross.y + 1) expect(Math.abs(orders.x - gross.x)).toBeLessThanOrEqual(1);
  }
});
