import type { Locator, Page } from '@playwright/test';
import { APP, type DemoRole, demoAccount, expect, HOME_URL, signInAs, test } from '../fixtures';

// Each demo account signs in through the form, lands on '/', and sees the drawer and top bar of its
// role (docs/product.md#routes-and-screens "Layout", "Drawer"; #roles).

/**
 * The drawer's My section with every submenu expanded, one line per entry:
 * `link Name → /path`, `submenu Name`, or `greyed Name` (an entry with no link, docs/product.md#routes-and-screens).
 */
type MenuLine = string;

const common: MenuLine[] = [
  `link Top → ${APP}`,
  `link Account Settings → ${APP}/account_settings`,
  'submenu Gallery',
  `link Gallery → ${APP}/gallery`,
  `link Photobox → ${APP}/photo_box`,
];
const myClasses = (sendMessage: MenuLine): MenuLine[] => [
  'submenu My Classes',
  `link Classes Schedule → ${APP}/classes`,
  sendMessage,
];
// Families read class messages on Classes Schedule; only staff send them.
const familyClasses = myClasses('greyed Send Message');

const MY_SECTION: Record<DemoRole, MenuLine[]> = {
  student: [...common, ...familyClasses, `link Orders → ${APP}/orders`],
  parent: [...common, ...familyClasses, `link Orders → ${APP}/orders`],
  // Teachers keep coupons and user groups as admins do, so their drawer links them too.
  teacher: [
    ...common,
    ...myClasses(`link Send Message → ${APP}/messages`),
    `link Manage Coupons → ${APP}/manage_coupons`,
    `link Manage User Group → ${APP}/user_groups/1`,
  ],
  admin: [
    ...common,
    'submenu Classes',
    `link Schedule → ${APP}/classes`,
    `link Manage Class → ${APP}/manage_classes`,
    `link Manage Plans → ${APP}/manage_plans`,
    `link Manage Rooms → ${APP}/manage_rooms`,
    `link Manage Passes → ${APP}/manage_passes`,
    `link Manage Coupons → ${APP}/manage_coupons`,
    `link Send Message → ${APP}/messages`,
    'submenu Customers',
    `link Edit Customer → ${APP}/customers`,
    `link Sales Overview → ${APP}/sales_overview`,
    `link Orders → ${APP}/manage_orders`,
    `link Manage User Group → ${APP}/user_groups/1`,
    `link Agreements → ${APP}/manage_agreements`,
    `link Billing Runs → ${APP}/manage_billing`,
  ],
};

/** Top-bar controls for signed-in users, by accessible name (the notification count varies). */
const TOP_BAR: Record<DemoRole, RegExp[]> = {
  student: [/^Gallery$/, /^Register$/, /^Notifications/, /^Cart/],
  parent: [/^Gallery$/, /^Register$/, /^Notifications/, /^Cart/],
  teacher: [/^Gallery$/, /^Notifications/],
  admin: [/^Gallery$/, /^Notifications/],
};

function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

function mySection(page: Page): Locator {
  return mainMenu(page)
    .getByRole('list')
    .filter({ has: page.getByRole('heading', { name: 'My', exact: true }) });
}

async function expandAll(section: Locator): Promise<void> {
  const toggles = section.locator('[aria-expanded]');
  for (let i = 0; i < (await toggles.count()); i++) {
    const toggle = toggles.nth(i);
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
}

async function describeMenu(section: Locator): Promise<MenuLine[]> {
  return section.locator('a, [role="button"]').evaluateAll((elements) =>
    elements.map((el) => {
      const name = (el.textContent ?? '').trim();
      if (el instanceof HTMLAnchorElement) {
        const path = new URL(el.href).pathname.replace(/\/$/, '');
        return `link ${name} → ${path}`;
      }
      if (el.getAttribute('aria-disabled') === 'true') return `greyed ${name}`;
      return `submenu ${name}`;
    }),
  );
}

for (const role of ['admin', 'teacher', 'student', 'parent'] as const) {
  test(`${role}: signs in through the form, lands on / with the greeting, the ${role} drawer and top bar`, async ({
    page,
  }) => {
    const account = await signInAs(page, role);
    await expect(page).toHaveURL(HOME_URL);
    await expect(
      page.getByRole('heading', { level: 1, name: `Hi, ${account.name}` }),
    ).toBeVisible();

    const menu = mainMenu(page);
    await expect(menu.getByText(`Hi, ${account.name}`, { exact: true })).toBeVisible();
    await expect(menu.getByRole('heading', { name: 'Web', exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();

    const section = mySection(page);
    await expandAll(section);
    expect(await describeMenu(section)).toEqual(MY_SECTION[role]);

    const topBar = page.getByTestId('top-bar');
    await expect(topBar.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(topBar.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    for (const name of TOP_BAR[role]) {
      await expect(
        topBar.getByRole('link', { name }).or(topBar.getByRole('button', { name })),
      ).toBeVisible();
    }
    if (!TOP_BAR[role].some((n) => n.test('Cart'))) {
      await expect(topBar.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
      await expect(topBar.getByRole('link', { name: 'Register' })).toHaveCount(0);
    }
  });
}

test('a submenu opens by itself when the current page is one of its links', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto(`${APP}/manage_plans`);
  const classes = mySection(page).getByRole('button', { name: 'Classes', exact: true });
  await expect(classes).toHaveAttribute('aria-expanded', 'true');
  await expect(mySection(page).getByRole('link', { name: 'Manage Plans' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(
    mySection(page).getByRole('button', { name: 'Customers', exact: true }),
  ).toHaveAttribute('aria-expanded', 'false');
});

test.describe('guards', () => {
  test('a student opening an admin page gets /404, the not-found page', async ({ page }) => {
    await signInAs(page, 'student');
    await page.goto(`${APP}/manage_classes`);
    await expect(page).toHaveURL(`${APP}/404`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('a teacher opening a student-only page gets /404', async ({ page }) => {
    await signInAs(page, 'teacher');
    await page.goto(`${APP}/orders`);
    await expect(page).toHaveURL(`${APP}/404`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('an admin opens admin and teacher-or-admin pages', async ({ page }) => {
    await signInAs(page, 'admin');
    for (const [path, title] of [
      ['/manage_classes', 'Manage Classes'],
      ['/manage_coupons', 'Manage Coupons'],
    ] as const) {
      await page.goto(`${APP}${path}`);
      await expect(page).toHaveURL(`${APP}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
  });
});

test('signing out leads to /login, forgets the token and revokes it on the server', async ({
  page,
}) => {
  await signInAs(page, 'student');
  const token = await page.evaluate(() => localStorage.getItem('jwt'));
  expect(token).toBeTruthy();

  await mainMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${APP}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  await expect(page.getByTestId('top-bar').getByRole('link', { name: 'Log in' })).toBeVisible();

  const me = await page.request.get('/api/v1/users/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(401);

  await page.goto(`${APP}/orders`);
  await expect(page).toHaveURL(`${APP}/login?redirect=%2Forders`);
});

test('switching the language to Japanese changes the visible text', async ({ page }) => {
  const account = await signInAs(page, 'student');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '日本語' });

  await expect(
    page.getByRole('heading', { level: 1, name: `こんにちは、${account.name}さん` }),
  ).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'メインメニュー' });
  await expect(menu.getByRole('button', { name: 'ログアウト' })).toBeVisible();
  await expect(
    page.getByTestId('top-bar').getByRole('link', { name: 'ギャラリー', exact: true }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByText('Log out', { exact: true })).toHaveCount(0);

  // And back: the switch works both ways.
  await page.getByRole('combobox', { name: '言語' }).selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { level: 1, name: `Hi, ${account.name}` })).toBeVisible();
});

test('the live connection opens after sign-in and on reload, and closes on sign-out', async ({
  page,
}) => {
  type Socket = { url: string; frames: string[]; closed: boolean };
  const sockets: Socket[] = [];
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/cable')) return;
    const socket: Socket = { url: ws.url(), frames: [], closed: false };
    sockets.push(socket);
    ws.on('framereceived', (frame) => socket.frames.push(String(frame.payload)));
    ws.on('close', () => {
      socket.closed = true;
    });
  });
  const received = (socket: Socket | undefined, ...patterns: RegExp[]) =>
    socket?.frames.some((f) => patterns.every((p) => p.test(f))) ?? false;

  await page.goto(`${APP}/login`);
  expect(sockets).toHaveLength(0);

  await signInAs(page, 'student');
  await expect.poll(() => sockets.length).toBe(1);
  expect(sockets[0]?.url).toMatch(/\/cable\?token=[\w-]+\.[\w-]+\.[\w-]+/);
  await expect.poll(() => received(sockets[0], /"type":"welcome"/)).toBe(true);
  await expect
    .poll(() => received(sockets[0], /"type":"confirm_subscription"/, /NotificationsChannel/))
    .toBe(true);

  // A stored, valid session opens the connection again on load (the old page's socket goes
  // with its document).
  await page.reload();
  await expect.poll(() => sockets.length).toBe(2);
  await expect.poll(() => received(sockets[1], /"type":"welcome"/)).toBe(true);

  await mainMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${APP}/login`);
  await expect.poll(() => sockets[1]?.closed).toBe(true);

  // Signed out, a fresh load opens no connection.
  await page.goto(`${APP}/`);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  expect(sockets).toHaveLength(2);
});

test('a signed-in user who opens /login is sent to the start page', async ({ page }) => {
  await signInAs(page, 'teacher');
  await page.goto(`${APP}/login`);
  await expect(page).toHaveURL(HOME_URL);
  await expect(
    page.getByRole('heading', { level: 1, name: `Hi, ${demoAccount('teacher').name}` }),
  ).toBeVisible();
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 600, height: 900 } });

  test('the drawer starts closed, opens from the menu button and closes after navigating', async ({
    page,
  }) => {
    await signInAs(page, 'student');
    await expect(mainMenu(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(mainMenu(page)).toBeVisible();
    await mainMenu(page).getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(`${APP}/account_settings`);
    await expect(mainMenu(page)).toBeHidden();
  });

  test('a visitor whose system asks for less motion gets a drawer that opens without sliding', async ({
    page,
  }) => {
    await signInAs(page, 'student');
    /** How long the drawer's panel takes to slide, in seconds, as the browser computes it. */
    const slide = () =>
      page
        .locator('.MuiDrawer-paper')
        .first()
        .evaluate((panel) => Number.parseFloat(getComputedStyle(panel).transitionDuration));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(mainMenu(page)).toBeVisible();
    expect(await slide()).toBeGreaterThan(0.1);
    await page.keyboard.press('Escape');
    await expect(mainMenu(page)).toBeHidden();

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(mainMenu(page)).toBeVisible();
    expect(await slide()).toBeLessThan(0.001);
  });
});
