import type { Page } from '@playwright/test';
import { APP, type DemoRole, expect, signInAs, test } from '../fixtures';
import { addChild, apiToken, bearer, placeOrder } from '../helpers';

// A family's ledger end to end (docs/product.md#a-familys-ledger): an order paid by card shows on
// the family's statement as its charge and payment, nothing owed; staff add a credit on the
// customer's page; the family then sees it and its balance in credit.

async function switchTo(page: Page, role: DemoRole): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, role);
}

test('a paid order shows on the family’s statement, and a credit staff add shows to both', async ({
  page,
  request,
}) => {
  const parent = await apiToken(request, 'parent');
  const child = `Nora Ledger ${Date.now()}`;
  const { userId: parentId } = await addChild(request, parent, child);
  const orderId = await placeOrder(
    request,
    parent,
    { slug: 'comics-drawing', schedule: 'Current term', attendee: child },
    true,
  );

  await signInAs(page, 'parent');
  await page.goto(`${APP}/orders`);
  const statement = page.getByRole('region', { name: 'Balance and statement' });
  const entries = statement.getByRole('table', { name: 'Ledger entries, newest first' });
  await expect(entries.getByText(`Payment (card) · Order ${orderId}`)).toBeVisible();
  await expect(
    entries.getByText(new RegExp(`^Charge · Order ${orderId} · Comics Drawing`)),
  ).toBeVisible();

  const reason = `Goodwill ${Date.now()}`;
  await switchTo(page, 'admin');
  await page.goto(`${APP}/customers?customer=${parentId}`);
  const dialog = page.getByTestId('customer-dialog');
  const form = dialog.getByRole('form', { name: 'Add a credit or a charge' });
  await form.getByRole('textbox', { name: 'Amount' }).fill('12.50');
  await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Added to the ledger')).toBeVisible();
  await expect(dialog.getByText(`Credit · ${reason}`)).toBeVisible();
  await expect(dialog.getByTestId('customer-ledger-balance')).toContainText('in credit');

  await switchTo(page, 'parent');
  await page.goto(`${APP}/orders`);
  await expect(page.getByText(`Credit · ${reason}`)).toBeVisible();
  await expect(page.getByTestId('family-ledger-balance')).toContainText('in credit');

  // The demo parent is shared by the worker's other tests, and checkout spends a family's credit
  // (docs/decisions/064-account-credit-at-checkout.md): its next order would take these $12.50
  // and pay less by card than another test expects. A charge of the same amount settles it.
  const admin = await apiToken(request, 'admin');
  const settled = await request.post(`/api/v2/admin/customers/${parentId}/ledger`, {
    headers: bearer(admin),
    data: { kind: 'charge', amount: 1250, reason: `Undo ${reason}` },
  });
  expect(settled.status()).toBe(201);
});
