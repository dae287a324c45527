import { APP, expect, test } from '../fixtures';
import { registerFamily } from '../helpers';
import { freshEmail } from '../mail';

// Trial classes end to end (docs/product.md#trial-classes): the public class page offers a free
// trial; a family signs in, books one class for their child from the booking page, sees it on
// /classes and cancels it.

test('a family books a free trial class from the public page and cancels it on /classes', async ({
  page,
  request,
}) => {
  const tag = `tr${Date.now().toString(36)}`;
  const child = `Trixie ${tag}`;
  const { jwt } = await registerFamily(request, {
    name: `Trial ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
    child,
  });

  await page.goto('/classes/in-person/observational-drawing');
  const tryLink = page.getByRole('link', { name: 'Try a class free' });
  await expect(tryLink).toHaveAttribute(
    'href',
    '/app/book_class?klass_group=observational-drawing&trial=1',
  );

  await page.goto(`${APP}/404`);
  await page.evaluate((token) => localStorage.setItem('jwt', token), jwt);
  await page.goto(`${APP}/book_class?klass_group=observational-drawing&trial=1`);
  const dialog = page.getByRole('dialog', { name: 'Try a class of Observational Drawing' });
  await dialog.getByLabel('Child').click();
  await page.getByRole('option', { name: child }).click();
  await dialog.getByLabel('Class').click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Book the trial' }).click();
  await expect(page.getByText('Trial class booked.')).toBeVisible();

  await page.goto(`${APP}/classes`);
  const trial = page.getByTestId('trial-booking').filter({ hasText: child });
  await expect(trial).toContainText('Booked');
  await expect(trial).toContainText('free');
  await trial
    .getByRole('button', { name: `Cancel the trial of Observational Drawing for ${child}` })
    .click();
  await expect(page.getByText('Trial class cancelled.')).toBeVisible();
  await expect(trial).toContainText('Cancelled');
});

// A paid trial (docs/decisions/077-trial-classes.md): it goes into the cart, is paid with the
// fake 4242 card at checkout, and is then booked on /classes.
test('a family adds a paid trial of Figure Drawing to the cart, pays it and sees it booked', async ({
  page,
  request,
}) => {
  const tag = `pt${Date.now().toString(36)}`;
  const child = `Petra ${tag}`;
  const { jwt } = await registerFamily(request, {
    name: `Paid trial ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
    child,
  });

  await page.goto(`${APP}/404`);
  await page.evaluate((token) => localStorage.setItem('jwt', token), jwt);
  await page.goto(`${APP}/book_class?klass_group=figure-drawing&trial=1`);
  const dialog = page.getByRole('dialog', { name: 'Try a class of Figure Drawing' });
  await expect(dialog).toContainText('This trial costs $25.00');
  await dialog.getByLabel('Child').click();
  await page.getByRole('option', { name: child }).click();
  await dialog.getByLabel('Class').click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog.getByTestId('trial-added')).toContainText('in your cart');
  await dialog.getByRole('link', { name: 'Go to cart' }).click();

  await expect(page).toHaveURL(`${APP}/cart`);
  const item = page.getByTestId('cart-trial-item');
  await expect(item).toContainText(`Trial class: Figure Drawing — ${child}`);
  await expect(item).toContainText('$25.00');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(`${APP}/checkout`);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/checkout/complete`));

  await page.goto(`${APP}/classes`);
  const trial = page.getByTestId('trial-booking').filter({ hasText: child });
  await expect(trial).toContainText('Booked');
  await expect(trial).toContainText('$25.00');
});
