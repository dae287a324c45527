import { APP, demoAccount, expect, HOME_URL, test } from '../fixtures';

// The first screen of /app/login comes with the HTML for a guest on a phone, and the app takes it
// over without drawing it again (docs/decisions/046-prerendered-first-screen.md): the nodes the
// browser painted first are the ones the user goes on to use, and a sign-in typed and sent before
// the app has loaded is neither lost nor sent by the browser itself (a plain form would put the
// password in the address).

test.use({ viewport: { width: 390, height: 844 } });

test('the app hydrates the login screen the HTML brought, keeping its nodes', async ({ page }) => {
  // Before any script of the page: remember the heading and the e-mail field the HTML carried.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as Record<string, unknown>;
      w.__firstHeading = document.querySelector('#root h1');
      w.__firstEmail = document.querySelector('#root input[type="email"]');
      w.__firstMenu = document.querySelector('#root [data-testid="drawer-toggle"]');
      w.__firstFooter = document.querySelector('#root footer');
    });
  });
  await page.goto(`${APP}/login`, { waitUntil: 'networkidle' });
  const painted = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return {
      heading: w.__firstHeading !== null,
      email: w.__firstEmail !== null,
      menu: w.__firstMenu !== null,
      footer: w.__firstFooter !== null,
    };
  });
  expect(painted).toEqual({ heading: true, email: true, menu: true, footer: true });

  // The app is running (its own handlers answer, the top bar's too: it is taken over in a step
  // of its own, as the footer is), and those very nodes are still the page's.
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const kept = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return {
      heading: w.__firstHeading === document.querySelector('#root h1'),
      email: w.__firstEmail === document.querySelector('#root input[type="email"]'),
      menu: w.__firstMenu === document.querySelector('#root [data-testid="drawer-toggle"]'),
      footer: w.__firstFooter === document.querySelector('#root footer'),
    };
  });
  expect(kept).toEqual({ heading: true, email: true, menu: true, footer: true });
});

test('a sign-in sent before the app has loaded goes through once it has, never in the address', async ({
  page,
}) => {
  const account = demoAccount('parent');
  // Hold the app's entry script back until the guest has typed and pressed Log in.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/app\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });

  await page.goto(`${APP}/login`, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  release();

  await expect(page).toHaveURL(HOME_URL, { timeout: 20_000 });
  for (const address of addresses) {
    expect(address).not.toContain(encodeURIComponent(account.password));
    expect(address).not.toContain('password=');
  }
});
