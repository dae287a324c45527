import { APP, expect, HOME_URL, test } from '../fixtures';

// A visitor who is not signed in (docs/product.md#routes-and-screens "Public routes", "Layout", "Public menu").

test('a guest sees the welcome, the public menu and the Log in / Sign up buttons on home', async ({
  page,
}) => {
  await page.goto(`${APP}/`);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();

  const topBar = page.getByTestId('top-bar');
  await expect(topBar.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    `${APP}/login`,
  );
  await expect(topBar.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    `${APP}/register`,
  );

  // Wide screen: the drawer is open on home, holding only the public (Web) menu.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('heading', { name: 'Web' })).toBeVisible();
  await expect(menu.getByRole('heading', { name: 'My' })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  await expect(menu.getByText(/^Hi, /)).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Classes', exact: true })).toHaveAttribute(
    'href',
    '/classes/in-person/observational-drawing',
  );
  await expect(menu.getByRole('link', { name: 'Student Gallery' })).toHaveAttribute(
    'href',
    '/student-gallery',
  );
  for (const submenu of ['Kids', 'Adults', 'All Ages', 'About']) {
    await expect(menu.getByRole('button', { name: submenu })).toBeVisible();
  }

  // A submenu opens on click and lists its public-site pages.
  await menu.getByRole('button', { name: 'Adults' }).click();
  await expect(menu.getByRole('button', { name: 'Adults' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(menu.getByRole('link', { name: 'Figure Drawing' })).toHaveAttribute(
    'href',
    '/classes/in-person/figure-drawing',
  );
});

test('the top bar Log in button leads to the login form, with the drawer closed there', async ({
  page,
}) => {
  await page.goto(`${APP}/`);
  await page.getByTestId('top-bar').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${APP}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  // docs/product.md#routes-and-screens: the drawer is closed on the login page even on wide screens.
  await expect(page.getByTestId('app-drawer')).toHaveAttribute('data-open', 'false');
});

test('a guest opening a student page is sent to /login, which comes back there after sign-in', async ({
  page,
}) => {
  await page.goto(`${APP}/orders`);
  await expect(page).toHaveURL(`${APP}/login?redirect=%2Forders`);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('a guest opening a page for any signed-in user is sent to /login', async ({ page }) => {
  await page.goto(`${APP}/account_settings`);
  await expect(page).toHaveURL(`${APP}/login?redirect=%2Faccount_settings`);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto(`${APP}/no/such/page`);
  // The server answers with the app; the app decides the page does not exist.
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(`${APP}/no/such/page`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the start page' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
});

test('the login form rejects a wrong password with the catalogued message and stays on /login', async ({
  page,
}) => {
  await page.goto(`${APP}/login`);
  await page.getByLabel('E-mail').fill('student@atelier.test');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The e-mail or password is incorrect.');
  await expect(page).toHaveURL(`${APP}/login`);
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
});
