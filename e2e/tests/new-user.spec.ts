import { REQUEST_TIMEOUT_MS } from '@atelier/contract';
import { APP, expect, signInAs, test } from '../fixtures';

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
