import type { Page } from '@playwright/test';
import { APP, expect, signInAs, test } from '../fixtures';
import { addPastKlass, apiToken, bearer, registerFamily, scheduleOf } from '../helpers';
import { freshEmail } from '../mail';

// Class passes end to end (docs/product.md#class-passes-and-drop-ins): a parent adds a pass on
// sale to the cart from /orders, pays it through checkout with the fake 4242 card, books a visit
// with it and sees the visits left on /orders, then books another from the programme's booking
// card.

async function payByCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test('a parent buys a class pass through the cart, books a drop-in and sees the visits left', async ({
  page,
  request,
}) => {
  const tag = `ps${Date.now().toString(36)}`;
  const child = `Pax ${tag}`;
  const passName = `Studio pass ${tag}`;
  const { jwt } = await registerFamily(request, {
    name: `Pass ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
    child,
  });
  // The pass books Drawing Lab's classes; one of them a few hours ahead.
  const lab = await request.get('/api/v1/catalogue/klass_groups/drawing-lab');
  const labId = ((await lab.json()) as { data: { id: string } }).data.id;
  const { scheduleId } = await scheduleOf(request, 'drawing-lab', '');
  await addPastKlass(request, scheduleId, -5);
  const created = await request.post('/api/v2/passes', {
    headers: bearer(await apiToken(request, 'admin')),
    data: {
      pass: {
        name: passName,
        visits: 5,
        price: 4500,
        validity_days: 60,
        klass_group_ids: [labId],
      },
    },
  });
  expect(created.status()).toBe(201);

  await page.goto(`${APP}/404`);
  await page.evaluate((token) => localStorage.setItem('jwt', token), jwt);
  await page.goto(`${APP}/orders`);
  const passes = page.getByTestId('family-passes');
  await expect(passes).toContainText('You have no class pass yet.');
  await passes.getByRole('button', { name: `Add ${passName} to the cart` }).click();
  await expect(page.getByText('The pass is in your cart.')).toBeVisible();

  await page.goto(`${APP}/cart`);
  await expect(page.getByTestId('cart-pass-item')).toContainText(passName);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(`${APP}/checkout`);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
  await payByCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(new RegExp(`${APP}/checkout/complete`));

  await page.goto(`${APP}/orders`);
  const purchase = passes.getByTestId('pass-purchase').filter({ hasText: passName });
  await expect(purchase.getByTestId('pass-visits-left')).toHaveText('5 of 5 visits left');
  await purchase.getByRole('button', { name: 'Book a visit' }).click();
  const dialog = page.getByRole('dialog', { name: `Book a visit with ${passName}` });
  await dialog.getByLabel('Who comes').click();
  await page.getByRole('option', { name: child }).click();
  await dialog.getByLabel('Class').click();
  await page
    .getByRole('option', { name: /^Drawing Lab, / })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'Book the visit' }).click();
  await expect(page.getByText('The visit is booked.')).toBeVisible();
  await expect(purchase.getByTestId('pass-visits-left')).toHaveText('4 of 5 visits left');
  await expect(purchase.getByTestId('drop-in')).toContainText(child);

  // The programme's booking card offers the pass too: another visit, booked from there.
  await page.goto(`${APP}/book_class?klass_group=drawing-lab`);
  await page
    .getByRole('button', { name: `Book a visit with your ${passName} (4 visits left)` })
    .click();
  const again = page.getByRole('dialog', { name: `Book a visit with ${passName}` });
  await again.getByLabel('Who comes').click();
  await page.getByRole('option', { name: child }).click();
  await again.getByLabel('Class').click();
  await page
    .getByRole('option', { name: /^Drawing Lab, / })
    .nth(1)
    .click();
  await again.getByRole('button', { name: 'Book the visit' }).click();
  await expect(page.getByText('The visit is booked.')).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Book a visit with your ${passName} (3 visits left)` }),
  ).toBeVisible();
});

test('an admin sells a pass on /manage_passes and chooses the programmes it books', async ({
  page,
  request,
  checkA11y,
}) => {
  const name = `Open studio ${Date.now().toString(36)}`;
  await signInAs(page, 'admin');
  await page.goto(`${APP}/manage_passes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Passes' })).toBeVisible();
  await page.getByRole('button', { name: 'New pass' }).click();
  const form = page.getByRole('dialog', { name: 'New pass' });
  await form.getByRole('textbox', { name: 'Name (English)' }).fill(name);
  await form.getByRole('textbox', { name: 'Name (Japanese)' }).fill(`オープンスタジオ ${name}`);
  await form.getByRole('textbox', { name: 'Visits' }).fill('8');
  await form.getByRole('textbox', { name: 'Price' }).fill('120');
  await form.getByRole('textbox', { name: 'Valid (days)' }).fill('45');
  await checkA11y('pass form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Programmes accepted by ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Programmes accepted by ${name}` });
  await dialog.getByRole('checkbox', { name: 'Drawing Lab' }).check();
  await checkA11y('programmes dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The programmes are saved.')).toBeVisible();

  const lab = await request.get('/api/v1/catalogue/klass_groups/drawing-lab');
  const labId = Number(((await lab.json()) as { data: { id: string } }).data.id);
  const list = await request.get(`/api/v2/passes?search=${encodeURIComponent(name)}`, {
    headers: bearer(await apiToken(request, 'admin')),
  });
  const [pass] = (
    (await list.json()) as {
      data: { attributes: { klass_group_ids: number[]; price: number; visits: number } }[];
    }
  ).data;
  expect(pass?.attributes).toMatchObject({ klass_group_ids: [labId], price: 12000, visits: 8 });
});
