import { readFile } from 'node:fs/promises';
import { APP, expect, HOME_URL, test } from '../fixtures';
import { registerFamily } from '../helpers';
import { freshEmail, linkIn, nextMail } from '../mail';

// A family's data is theirs (docs/product.md#your-data): a parent downloads a copy of their data
// from account settings, then deletes the account through the mailed link and cannot sign in again.

test('a parent downloads their data, deletes their account by the mailed link, and cannot sign in', async ({
  page,
  request,
}) => {
  const email = freshEmail('leaving');
  const password = 'leaving family long enough 1!';
  await registerFamily(request, {
    name: `Leaving Family ${Date.now()}`,
    email,
    password,
    child: `Lena Leaving ${Date.now()}`,
  });

  const logIn = async () => {
    await page.goto(`${APP}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  };
  await logIn();
  await expect(page).toHaveURL(HOME_URL);

  await page.goto(`${APP}/account_settings`);
  const data = page.getByRole('region', { name: 'Your Data' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atelier-data-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile(await download.path());
  // A ZIP starts with its local file header signature.
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(data.getByTestId('data-download-downloaded')).toBeVisible();

  const deletion = page.getByRole('region', { name: 'Delete Your Account' });
  await expect(deletion).toContainText('Orders, payments and account entries are kept');
  await deletion.getByLabel(/^Password/).fill('not the password at all');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion).toContainText('The password is not correct');
  await deletion.getByLabel(/^Password/).fill(password);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion.getByTestId('account-delete-mailed')).toContainText(email);

  const mail = await nextMail(request, email, 'account_deletion_confirm');
  await page.goto(linkIn(mail, '/account_settings/delete/'));
  await expect(page.getByRole('heading', { name: 'Delete Your Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete my account now' }).click();
  await expect(page.getByTestId('account-deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Done', exact: true }).click();

  await logIn();
  await expect(page).not.toHaveURL(HOME_URL);
  await expect(page.getByRole('alert').first()).toBeVisible();
});
