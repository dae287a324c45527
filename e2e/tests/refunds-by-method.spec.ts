import type { Page } from '@playwright/test';
import { APP, type DemoRole, expect, signInAs, test } from '../fixtures';
import { apiToken, bearer, chooseOption, fillDeskContact, searchList } from '../helpers';

// Refunds by method end to end (docs/product.md#refunds): an admin books a walk-in paid in cash
// at the desk, refunds part of it in cash from the order's dialog, choosing the method and who
// leaves, and adds a credit to a family from the customer's ledger. Fresh data per run: a new
// walk-in with a new child, and a reason of its own for the credit.

async function switchTo(page: Page, role: DemoRole): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, role);
}

test('a walk-in paid in cash is refunded in cash from the order dialog; staff add a credit to a family', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin');
  const stamp = Date.now();
  const name = `Walk-in Refund ${stamp}`;
  const child = `Kit Refund ${stamp}`;
  const guest = await request.post('/api/v2/admin/guest_customers', {
    headers: bearer(admin),
    data: { guest_customer: { name, phone: '555-0142' } },
  });
  expect(guest.status()).toBe(201);
  const guestId = ((await guest.json()) as { data: { id: string } }).data.id;

  // Booked and paid in cash through the walk-in dialog.
  await signInAs(page, 'admin');
  await page.goto(`${APP}/customers/guest`);
  await searchList(page, 'Search by name, e-mail or phone', name);
  await page.getByRole('button', { name: `Book a class for ${name}` }).click();
  const booking = page.getByTestId('walk-in-booking');
  await chooseOption(page, 'Programme', 'Comics Drawing', booking);
  await chooseOption(page, 'Schedule', /^Current term/, booking);
  await expect(async () => {
    if ((await page.getByRole('listbox').count()) === 0) {
      await booking.getByRole('combobox', { name: 'Plan' }).click();
    }
    await page.getByRole('option').first().click({ timeout: 2_000 });
    await expect(page.getByRole('listbox')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await booking.getByRole('textbox', { name: 'New attendee’s name' }).fill(child);
  await booking.getByLabel('Birthday').fill('2016-04-05');
  await booking.getByRole('radio', { name: 'Cash' }).check();
  await fillDeskContact(booking, child);
  await expect(booking.getByTestId('walk-in-price')).toContainText('To take');
  await booking.getByRole('button', { name: 'Book' }).click();
  await expect(booking).toBeHidden();

  const walkIn = await request.get(`/api/v2/admin/guest_customers/${guestId}`, {
    headers: bearer(admin),
  });
  const walkInOrders = (
    (await walkIn.json()) as { data: { attributes: { orders: { id: string; status: string }[] } } }
  ).data.attributes.orders;
  expect(walkInOrders.map((o) => o.status)).toEqual(['paid']);
  const orderId = walkInOrders[0]?.id ?? '';
  expect(orderId).not.toBe('');

  // Refunded in part, in cash, and the child leaves.
  await page.goto(`${APP}/manage_orders?order=${orderId}`);
  const detail = page.getByTestId('order-detail-dialog');
  await detail.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByTestId('refund-dialog');
  await chooseOption(page, 'Refund to', /^Check/, refund);
  await chooseOption(page, 'Refund to', /^Cash at the desk/, refund);
  await refund.getByRole('textbox', { name: 'Amount to refund' }).fill('10');
  await refund
    .getByRole('group', { name: 'Who leaves the class' })
    .getByRole('checkbox', { name: child })
    .check();
  await refund.getByRole('textbox', { name: 'Reason' }).fill('Moved away');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('The refund was sent.')).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(detail.getByText('$10.00: Moved away')).toBeVisible();
  await expect(detail.getByText(/^Refunded · Cash at the desk · /)).toBeVisible();

  const refunds = await request.get(`/api/v2/orders/${orderId}/refunds`, {
    headers: bearer(admin),
  });
  const state = (
    (await refunds.json()) as {
      data: {
        attributes: { refunded_amount: number; refunds: { method: string; status: string }[] };
      };
    }
  ).data.attributes;
  expect(state.refunded_amount).toBe(1000);
  expect(state.refunds.map((r) => [r.method, r.status])).toEqual([['cash', 'succeeded']]);

  // A credit a family is owed, added from the customer's ledger.
  const parent = await apiToken(request, 'parent');
  const me = await request.get('/api/v1/users/me', { headers: bearer(parent) });
  const parentId = ((await me.json()) as { data: { id: string } }).data.id;
  const reason = `Refund as credit ${stamp}`;
  await switchTo(page, 'admin');
  await page.goto(`${APP}/customers?customer=${parentId}`);
  const customer = page.getByTestId('customer-dialog');
  const form = customer.getByRole('form', { name: 'Add a credit or a charge' });
  await form.getByRole('textbox', { name: 'Amount' }).fill('7.50');
  await form.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Added to the ledger')).toBeVisible();
  await expect(customer.getByText(`Credit · ${reason}`)).toBeVisible();
});
