import { APP, expect, signInAs, test } from '../fixtures';
import { addSchedule, placeOrder, registerFamily } from '../helpers';
import { freshEmail } from '../mail';

// Transfers end to end (docs/product.md#transfers): staff move a family's child to another class
// of the same programme from the customer's page, after seeing the price difference; the family
// then finds the new class under "Your classes" on /classes.

test('staff change a child’s class after a preview; the family sees the new class on /classes', async ({
  page,
  request,
}) => {
  const tag = `tr${Date.now().toString(36)}`;
  const child = `Trina ${tag}`;
  const { jwt, userId } = await registerFamily(request, {
    name: `Transfer ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
    child,
  });
  await placeOrder(
    request,
    jwt,
    { slug: 'observational-drawing', schedule: '', attendee: child },
    true,
  );
  // A new class of the same programme with the same plan, for this test alone.
  await addSchedule(request, 'observational-drawing', `Move ${tag}`, { capacity: 4 });

  await signInAs(page, 'admin');
  await page.goto(`${APP}/customers?customer=${userId}`);
  const customer = page.getByTestId('customer-dialog');
  await customer.getByRole('button', { name: new RegExp(`^Change class for ${child}`) }).click();
  const dialog = page.getByRole('dialog', { name: `Change class for ${child}` });
  await dialog.getByLabel('New class').click();
  await page.getByRole('option', { name: new RegExp(`Move ${tag}`) }).click();
  await dialog.getByRole('button', { name: 'See the price difference' }).click();
  await expect(dialog.getByTestId('transfer-preview')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page.getByText(`${child} has moved to the new class.`)).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await page.goto(`${APP}/404`);
  await page.evaluate((token) => localStorage.setItem('jwt', token), jwt);
  await page.goto(`${APP}/classes`);
  const classes = page.getByTestId('family-classes');
  await expect(classes.getByTestId('family-class').filter({ hasText: child })).toContainText(
    `Move ${tag}`,
  );
});
