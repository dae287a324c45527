import { APP, expect, signInAs, test } from '../fixtures';
import {
  apiToken,
  bearer,
  chooseOption,
  fillDeskContact,
  searchList,
  walkInBookingDialog,
} from '../helpers';

// A walk-in at the desk, end to end (docs/product.md#customers, #a-familys-ledger): staff add a
// walk-in, the booking dialog prices the class before Book ("To take"), the message after Book
// repeats what to take, and the walk-in's statement, opened from their row, shows the charge and
// the cash taken, nothing owed.

test('the desk sees what to take before booking a walk-in, takes it, and finds it on their statement', async ({
  page,
  request,
}) => {
  test.slow();
  // A walk-in of this test's own: other tests of the worker book for the seeded ones.
  const name = `Wanda Walkin ${Date.now().toString(36)}`;
  await signInAs(page, 'admin');
  await page.goto(`${APP}/customers/guest`);
  await page.getByRole('button', { name: 'New walk-in customer' }).click();
  const form = page.getByTestId('guest-customer-dialog');
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('textbox', { name: /^Phone/ }).fill('555-0199');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} was added.`)).toBeVisible();
  await searchList(page, 'Search by name, e-mail or phone', name);

  await page.getByRole('button', { name: `Book a class for ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Book a class for ${name}` });
  const price = dialog.getByTestId('walk-in-price');
  await expect(price).toHaveText(
    'The price shows once a schedule, a plan and who attends are chosen.',
  );
  await chooseOption(page, 'Programme', 'Drawing Lab', dialog);
  await chooseOption(page, 'Schedule', /^Current term/, dialog);
  await chooseOption(page, 'Plan', 'Online class', dialog);
  await dialog.getByRole('textbox', { name: 'New attendee’s name' }).fill(`${name} Jr`);
  await dialog.getByRole('radio', { name: 'Cash' }).check();
  // Priced by the server before Book: what the desk is to take.
  await expect(price).toHaveText(/^To take: \$[\d,]+\.\d\d$/);
  const toTake = ((await price.textContent()) ?? '').replace('To take: ', '');
  expect(Number(toTake.replace(/[$,]/g, ''))).toBeGreaterThan(0);

  // Someone to call is asked for before anything is booked.
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(
    dialog.getByText(`Add an emergency contact for ${name} Jr before booking`),
  ).toBeVisible();
  await fillDeskContact(dialog, `${name} Jr`);
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(
    page.getByText(`The class is booked for ${name}. Take ${toTake} (Cash).`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The walk-in's statement: the charge and the cash payment of that amount, nothing owed.
  await page.getByRole('button', { name: `Statement of ${name}` }).click();
  const statement = page.getByRole('dialog', { name: `Balance and statement of ${name}` });
  const entries = statement.getByRole('table', { name: 'Ledger entries, newest first' });
  await expect(entries.getByText(/^Payment \(cash\) · Order \d+$/)).toHaveCount(1);
  await expect(entries.getByText(/^Charge · Order \d+ · Drawing Lab/)).toHaveCount(1);
  await expect(statement.getByTestId('customer-ledger-balance')).toHaveText(
    'Balance: nothing owed',
  );
  await expect(statement.getByRole('form', { name: 'Add a credit or a charge' })).toHaveCount(0);

  // The same through the API: one cash payment of what the dialog said to take.
  const admin = await apiToken(request, 'admin');
  const found = await request.get(
    `/api/v2/admin/guest_customers?search=${encodeURIComponent(name)}`,
    { headers: bearer(admin) },
  );
  const guests = ((await found.json()) as { data: { id: string; attributes: { name: string } }[] })
    .data;
  const guest = guests.find((g) => g.attributes.name === name);
  expect(guest).toBeDefined();
  const ledger = await request.get(`/api/v2/admin/guest_customers/${guest?.id}/ledger`, {
    headers: bearer(admin),
  });
  const { data } = (await ledger.json()) as {
    data: { attributes: { kind: string; amount: number; method: string | null } }[];
  };
  const payments = data.filter((e) => e.attributes.kind === 'payment');
  expect(payments.map((p) => [p.attributes.method, -p.attributes.amount])).toEqual([
    ['cash', Math.round(Number(toTake.replace(/[$,]/g, '')) * 100)],
  ]);
});

test('a coupon typed at the desk lowers what to take before Book, and the message after Book says the lower amount', async ({
  page,
  request,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const name = `Cody Coupon ${stamp}`;
  const code = `DESK-${stamp}`.toUpperCase();
  const admin = await apiToken(request, 'admin');
  // A coupon and a walk-in of this test's own.
  const coupon = await request.post('/api/v2/coupons', {
    headers: bearer(admin),
    data: { coupon: { code, discount_type: 'percent', discount_amount: 20 } },
  });
  expect(coupon.status()).toBe(201);
  const dialog = await walkInBookingDialog(page, request, name);
  const price = dialog.getByTestId('walk-in-price');
  await chooseOption(page, 'Programme', 'Drawing Lab', dialog);
  await chooseOption(page, 'Schedule', /^Current term/, dialog);
  await chooseOption(page, 'Plan', 'Online class', dialog);
  await dialog.getByRole('textbox', { name: 'New attendee’s name' }).fill(`${name} Jr`);
  await dialog.getByRole('radio', { name: 'Cash' }).check();
  await expect(price).toHaveText(/^To take: \$[\d,]+\.\d\d$/);
  const cents = (text: string | null) =>
    Math.round(Number((text ?? '').replace('To take: ', '').replace(/[$,]/g, '')) * 100);
  const full = cents(await price.textContent());

  const field = dialog.getByRole('textbox', { name: 'Coupon code' });
  await field.fill('NO-SUCH-CODE');
  await expect(dialog.getByText('No coupon has this code')).toBeVisible();
  await field.fill(code.toLowerCase());
  const lower = full - Math.round(full * 0.2);
  const toTake = `$${(lower / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(price).toHaveText(`To take: ${toTake}`);
  await fillDeskContact(dialog, `${name} Jr`);

  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(
    page.getByText(`The class is booked for ${name}. Take ${toTake} (Cash).`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
});
