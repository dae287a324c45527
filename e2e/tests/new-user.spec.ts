import { MESSAGE_PAGES, MESSAGES_API, REQUEST_TIMEOUT_MS } from '@atelier/contract';
import { APP, demoAccount, expect, signInAs, test } from '../fixtures';
import { apiToken, bearer } from '../helpers';

// What a user meets when the network or the server lets them down (docs/product.md#error-handling,
// docs/decisions/051-failed-lazy-loads-offer-a-retry.md): the page stays, with what was typed.

test('offline, saving the profile says Error and keeps the page and the typed name', async ({
  page,
  context,
}) => {
  await signInAs(page, 'student');
  await page.goto(`${APP}/account_settings`);
  const name = page.getByTestId('profile-name');
  await expect(name).toBeEditable();
  await name.fill('Typed while offline');

  await context.setOffline(true);
  await page.getByTestId('profile-form').getByRole('button', { name: 'Save' }).click();

  await expect(page.getByTestId('snackbar')).toHaveText('Error');
  await expect(page).toHaveURL(`${APP}/account_settings`);
  await expect(name).toHaveValue('Typed while offline');
  await context.setOffline(false);
});

test('a save the hung server never answers ends in "Timeout Error" after the request timeout', async ({
  page,
}) => {
  await signInAs(page, 'student');
  await page.goto(`${APP}/account_settings`);
  const name = page.getByTestId('profile-name');
  await expect(name).toBeEditable();
  // The server hangs: from now on no request is answered, the app's own files included (so
  // nothing the error path needs may be loaded on demand).
  await page.route('**/*', () => new Promise<void>(() => undefined));
  await name.fill('Typed before the hang');
  await page.getByTestId('profile-form').getByRole('button', { name: 'Save' }).click();

  await expect(page.getByTestId('snackbar')).toHaveText('Timeout Error', {
    timeout: REQUEST_TIMEOUT_MS + 3_000,
  });
  await expect(name).toHaveValue('Typed before the hang');
});

test("a class message's mailed link, opened signed out, opens that message once signed in", async ({
  page,
  request,
}) => {
  const parent = demoAccount('parent');
  const parentJwt = await apiToken(request, 'parent');
  const me = await request.get('/api/v1/users/me', { headers: bearer(parentJwt) });
  const parentId = ((await me.json()) as { data: { id: string } }).data.id;
  const title = `Deep link ${Date.now().toString(36)}`;
  const sent = await request.post(MESSAGES_API.list, {
    headers: bearer(await apiToken(request, 'admin')),
    data: { message: { user_ids: [parentId], title, body: 'Read me after signing in.' } },
  });
  expect(sent.status()).toBe(201);
  const messageId = ((await sent.json()) as { data: { id: string } }).data.id;

  const deepLink = `${APP}${MESSAGE_PAGES.received(messageId)}`;
  await page.goto(deepLink);
  await expect(page).toHaveURL(/\/app\/login\?redirect=/);
  await page.getByLabel('E-mail').fill(parent.email);
  await page.getByLabel(/^Password/).fill(parent.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(deepLink);
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
});

test('a session revoked elsewhere: the next save goes to /login with no message', async ({
  page,
  request,
}) => {
  await signInAs(page, 'student');
  await page.goto(`${APP}/account_settings`);
  await expect(page.getByTestId('profile-name')).toBeEditable();
  const jwt = await page.evaluate(() => localStorage.getItem('jwt'));
  // Signed out on another device: this token is revoked. The save is refused with 401; or the app,
  // told by another call (the live channel reconnecting) that the session is gone, has left for the
  // login page before the click: the same rule holds.
  const refused = page.waitForResponse((r) => r.status() === 401);
  const signOut = await request.delete('/api/v1/users/sign_out', { headers: bearer(jwt ?? '') });
  expect(signOut.status()).toBe(204);

  await page
    .getByTestId('profile-form')
    .getByRole('button', { name: 'Save' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await refused;
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login/);
  await expect(page.getByTestId('snackbar')).toHaveCount(0);
});

test('one language for the site and the app: 日本語 on the site opens the app in Japanese, English in the app makes the site English', async ({
  page,
}) => {
  await page.goto('/?noredirect=1');
  await page.getByRole('link', { name: '日本語' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

  await page.getByRole('link', { name: 'クラスを予約する' }).first().click();
  await expect(page).toHaveURL(`${APP}/book_class`);
  await expect(page.getByRole('heading', { level: 1, name: 'クラスの申し込み' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

  await page.getByRole('combobox', { name: '言語' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Class' })).toBeVisible();

  await page.goto('/about-atelier');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
