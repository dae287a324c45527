import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, test } from '../fixtures';
import { apiToken, bearer, orderCard, placeOrder, registerFamily } from '../helpers';
import { freshEmail } from '../mail';

// A refund kept as account credit, as the family sees it (docs/product.md#refunds,
// docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md): staff refund part of a
// card-paid order as credit, and the family's /orders says the money became credit, not that it
// went to the card, and the balance shows it. A family of its own per test, so no other test's
// orders or credit meet it.

type Family = { jwt: string; child: string };

/** A confirmed account with one child of its own. */
async function freshFamily(request: APIRequestContext, tag: string): Promise<Family> {
  const child = `Remy Refund ${Date.now()}`;
  const { jwt } = await registerFamily(request, {
    name: `Refund ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
    child,
  });
  return { jwt, child };
}

/** Opens the app at `path` with the family's session, as after its mailed confirmation link. */
async function openAs(page: Page, family: Family, path: string): Promise<void> {
  await page.goto(`${APP}/404`);
  await page.evaluate((jwt) => localStorage.setItem('jwt', jwt), family.jwt);
  await page.goto(`${APP}${path}`);
}

test('a card-paid order refunded in part as account credit shows the refund as credit and the balance in credit', async ({
  page,
  request,
}) => {
  test.slow();
  const family = await freshFamily(request, 'refund-credit');
  const orderId = await placeOrder(
    request,
    family.jwt,
    { slug: 'comics-drawing', schedule: 'Current term', attendee: family.child },
    true,
  );
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v2/orders/${orderId}`, { headers: bearer(family.jwt) });
      return ((await res.json()) as { data: { attributes: { status: string } } }).data.attributes
        .status;
    })
    .toBe('paid');

  const admin = await apiToken(request, 'admin');
  const refunded = await request.post(`/api/v2/admin/orders/${orderId}/refunds`, {
    headers: bearer(admin),
    data: { amount: 1000, reason: 'Class moved', method: 'credit' },
  });
  expect(refunded.status()).toBe(201);
  const refund = ((await refunded.json()) as { data: { attributes: Record<string, unknown> } }).data
    .attributes;
  expect(refund).toMatchObject({ method: 'credit', status: 'succeeded', amount: 1000 });

  await openAs(page, family, '/orders');
  const card = orderCard(page, orderId);
  const line = card.getByTestId('refund-line');
  await expect(line).toContainText('Refund of $10.00 (done)');
  await expect(line).toContainText('refunded as account credit');
  await expect(line).not.toContainText('card');
  await expect(card.getByTestId('order-refunds')).toContainText('Refunded: $10.00');
  await expect(page.getByTestId('family-ledger-balance')).toHaveText('Balance: $10.00 in credit');
});
