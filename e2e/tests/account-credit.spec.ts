import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, test } from '../fixtures';
import { apiToken, bearer, registerFamily, scheduleOf } from '../helpers';
import { freshEmail } from '../mail';

// A family's account credit pays at checkout before the card (docs/product.md#a-familys-ledger,
// docs/decisions/064-account-credit-at-checkout.md). Each test registers a family of its own, so
// the credit it is given is spent by its own order alone and no other test meets it.

type Family = { id: string; jwt: string; child: string };

/** A confirmed account with one child and that child in the cart for Comics Drawing. */
async function familyWithCart(request: APIRequestContext, tag: string): Promise<Family> {
  const child = `Cleo Credit ${Date.now()}`;
  const {
    userId: id,
    jwt,
    childId,
  } = await registerFamily(request, {
    name: `Credit ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
    child,
  });
  const { scheduleId, planId } = await scheduleOf(request, 'comics-drawing', 'Current term');
  const carted = await request.post('/api/v2/cart_items', {
    headers: bearer(jwt),
    data: {
      cart_item: {
        klass_group_schedule_id: scheduleId,
        plan_id: planId,
        number_of_attendees: 1,
        attendee_profile_ids: [childId],
        addon_ids: [],
        coupon_code: null,
      },
    },
  });
  expect([200, 201]).toContain(carted.status());
  return { id, jwt, child };
}

/** Staff give the family a credit of `cents`, with a reason, as the customers page does. */
async function giveCredit(request: APIRequestContext, family: Family, cents: number) {
  const admin = await apiToken(request, 'admin');
  const res = await request.post(`/api/v2/admin/customers/${family.id}/ledger`, {
    headers: bearer(admin),
    data: { kind: 'credit', amount: cents, reason: 'Class moved' },
  });
  expect(res.status()).toBe(201);
}

/** Opens the app at `path` with the family's session, as after its mailed confirmation link. */
async function openAs(page: Page, family: Family, path: string): Promise<void> {
  await page.goto(`${APP}/404`);
  await page.evaluate((jwt) => localStorage.setItem('jwt', jwt), family.jwt);
  await page.goto(`${APP}${path}`);
}

const cents = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

test('credit pays part of the order, the card the rest; the statement shows both and the credit spent', async ({
  page,
  request,
}) => {
  test.slow();
  const family = await familyWithCart(request, 'credit-part');
  await giveCredit(request, family, 2500);

  await openAs(page, family, '/checkout');
  await expect(page.getByTestId('checkout-credit')).toHaveText('−$25.00');
  const total = cents(await page.getByTestId('checkout-total').textContent());
  const rest = `$${((total - 2500) / 100).toFixed(2)}`;
  await expect(page.getByTestId('checkout-amount-due')).toHaveText(rest);
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(new RegExp(`${APP}/checkout\\?order=\\d+`));
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await expect(page.getByTestId('order-credit-applied')).toHaveText('−$25.00');
  await expect(page.getByTestId('order-amount-due')).toHaveText(rest);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${rest}` }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/checkout/complete`));
  await expect(
    page.getByText('Thank you! Your order is paid and your seats are booked.'),
  ).toBeVisible();

  await page.goto(`${APP}/orders`);
  const statement = page.getByRole('region', { name: 'Balance and statement' });
  const entries = statement.getByRole('table', { name: 'Ledger entries, newest first' });
  await expect(entries.getByText(`Payment (card) · Order ${orderId}`)).toBeVisible();
  await expect(entries.getByText(`Payment (account credit) · Order ${orderId}`)).toBeVisible();
  await expect(entries.getByText(`Account credit used · Order ${orderId}`)).toBeVisible();
  await expect(entries.getByText('Credit · Class moved')).toBeVisible();
  await expect(page.getByTestId('family-ledger-balance')).toHaveText('Balance: nothing owed');
});

test('credit covering the whole order pays it with no card, and what is left stays in credit', async ({
  page,
  request,
}) => {
  test.slow();
  const family = await familyWithCart(request, 'credit-all');
  await giveCredit(request, family, 1_000_000);

  await openAs(page, family, '/checkout');
  await expect(page.getByTestId('checkout-amount-due')).toHaveText('$0.00');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay with account credit' }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/checkout/complete`));
  await expect(
    page.getByText('Thank you! Your order is paid and your seats are booked.'),
  ).toBeVisible();

  await page.goto(`${APP}/orders`);
  await expect(page.getByTestId('family-ledger-balance')).toContainText('in credit');
  const entries = page.getByRole('table', { name: 'Ledger entries, newest first' });
  await expect(entries.getByText(/^Account credit used · Order \d+/)).toBeVisible();
  await expect(entries.getByText(/^Payment \(card\)/)).toHaveCount(0);
});
