import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type DemoRole, demoAccount, expect } from './fixtures';

// What several specs do the same way: reach the API as a demo account, start from an empty cart,
// and pick an option of an MUI select.

/** A session token of a demo account, signed in through the API. */
export async function apiToken(request: APIRequestContext, role: DemoRole): Promise<string> {
  const account = demoAccount(role);
  const response = await request.post('/api/v1/users/sign_in', {
    data: { auth: { email: account.email, password: account.password } },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { jwt: string } }).data.jwt;
}

export const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

/**
 * Empties a demo account's server cart. The specs of one worker share its database, so a test
 * that checks out starts from what it put in the cart itself, not what an earlier spec left.
 */
export async function emptyCart(request: APIRequestContext, role: DemoRole): Promise<void> {
  const headers = bearer(await apiToken(request, role));
  const list = await request.get('/api/v2/cart_items', { headers });
  expect(list.status()).toBe(200);
  const { data } = (await list.json()) as { data: { id: string }[] };
  for (const item of data) {
    const removed = await request.delete(`/api/v2/cart_items/${item.id}`, { headers });
    expect([200, 204]).toContain(removed.status());
  }
}

/**
 * Picks `option` in the MUI select labelled `label` (a listbox in a popover, not a native select),
 * and waits until the listbox has closed. On a loaded machine a click that lands while the menu
 * is still opening is lost; the pick is then made again.
 */
export async function chooseOption(
  page: Page,
  label: string,
  option: string | RegExp,
  scope: Page | Locator = page,
): Promise<void> {
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    if ((await listbox.count()) === 0) await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).click({ timeout: 2_000 });
    await expect(listbox).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
