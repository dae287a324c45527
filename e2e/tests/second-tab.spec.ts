import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, test } from '../fixtures';
import { bearer, registerFamily, scheduleOf } from '../helpers';
import { freshEmail } from '../mail';

// Checkout from two tabs at once (docs/architecture.md#orders): an account has one payable order
// at a time, so a second tab placing the same cart, even with its own Idempotency-Key (each tab
// keeps one in its session storage), is answered the first tab's pending order, and paying it in
// both tabs takes the money once.

type Family = { email: string; jwt: string; child: string };

/** A fresh family: registered and confirmed through the API, with a child of its own. */
async function freshFamily(request: APIRequestContext): Promise<Family> {
  const email = freshEmail('second-tab');
  const child = `Otto Twotabs ${Date.now()}`;
  const { jwt } = await registerFamily(request, {
    name: 'Tess Twotabs',
    email,
    password: 'two tabs one payment 1!',
    child,
  });
  return { email, jwt, child };
}

/** Puts one Drawing Lab seat for the family's child in its server cart. */
async function cartOneClass(request: APIRequestContext, family: Family): Promise<void> {
  const { scheduleId, planId } = await scheduleOf(request, 'drawing-lab', 'Current term');
  const profiles = await request.get('/api/v1/users/me', { headers: bearer(family.jwt) });
  const userId = ((await profiles.json()) as { data: { id: string } }).data.id;
  const list = await request.get(`/api/v1/users/${userId}/attendee_profiles`, {
    headers: bearer(family.jwt),
  });
  const { data } = (await list.json()) as { data: { id: string; attributes: { name: string } }[] };
  const child = data.find((p) => p.attributes.name === family.child);
  if (!child) throw new Error(`no ${family.child}`);
  const added = await request.post('/api/v2/cart_items', {
    headers: bearer(family.jwt),
    data: {
      cart_item: {
        klass_group_schedule_id: scheduleId,
        plan_id: planId,
        number_of_attendees: 1,
        attendee_profile_ids: [child.id],
        addon_ids: [],
        coupon_code: null,
      },
    },
  });
  expect([200, 201]).toContain(added.status());
}

async function fillCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

const orderIdIn = (page: Page) => new URL(page.url()).searchParams.get('order');

/**
 * Presses a button in both tabs at the same moment. Only one tab is in front, and Chromium pauses
 * animation frames in the other, so a click there would wait on Playwright's stability check
 * until the first tab had finished: the click event is sent to both directly instead.
 */
async function pressInBoth(tabs: Page[], name: string | RegExp): Promise<void> {
  const buttons = tabs.map((tab) => tab.getByRole('button', { name }));
  for (const button of buttons) await expect(button).toBeEnabled();
  await Promise.all(buttons.map((button) => button.dispatchEvent('click')));
}

test('a family checking out the same cart in two tabs gets one order and pays it once', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const family = await freshFamily(request);
  await cartOneClass(request, family);

  // Signed in with the session the confirmation gave (no sign-in rate limit spent); both tabs
  // share it, as tabs of one browser do.
  await page.goto(`${APP}/404`);
  await page.evaluate((jwt) => localStorage.setItem('jwt', jwt), family.jwt);
  const second = await context.newPage();
  for (const tab of [page, second]) {
    await tab.goto(`${APP}/checkout`);
    await expect(tab.getByRole('button', { name: 'Place order' })).toBeEnabled();
  }

  await pressInBoth([page, second], 'Place order');
  for (const tab of [page, second]) {
    await expect(tab).toHaveURL(new RegExp(`${APP}/checkout\\?order=\\d+`));
    await expect(tab.getByLabel('Card number')).toBeVisible();
  }
  // The second tab is shown the first tab's pending order, not an order of its own.
  const orderId = orderIdIn(page);
  expect(orderIdIn(second)).toBe(orderId);

  await fillCard(page);
  await fillCard(second);
  await pressInBoth([page, second], /^Pay \$/);
  for (const tab of [page, second]) {
    // The tab whose confirm came second hears it paid: from its own confirm, or live.
    await expect(tab).toHaveURL(new RegExp(`${APP}/checkout/complete\\?order=${orderId}$`), {
      timeout: 20_000,
    });
    await expect(
      tab.getByText('Thank you! Your order is paid and your seats are booked.'),
    ).toBeVisible();
  }
  await second.close();

  // The family's orders: one, paid; its statement: one card payment, for that order.
  await page.goto(`${APP}/orders`);
  const purchased = page.getByRole('region', { name: 'Purchased' });
  await expect(purchased.getByText(`For: ${family.child}`)).toHaveCount(1);
  const statement = page.getByRole('region', { name: 'Balance and statement' });
  const entries = statement.getByRole('table', { name: 'Ledger entries, newest first' });
  await expect(entries.getByText(`Payment (card) · Order ${orderId}`)).toHaveCount(1);
  await expect(entries.getByText(/^Payment /)).toHaveCount(1);

  const orders = await request.get('/api/v2/orders', { headers: bearer(family.jwt) });
  const placed = (
    (await orders.json()) as {
      data: { id: string; attributes: { status: string; total: number } }[];
    }
  ).data;
  expect(placed.map((o) => [o.id, o.attributes.status])).toEqual([[orderId, 'paid']]);
  const ledger = await request.get('/api/v2/account/ledger', { headers: bearer(family.jwt) });
  const { data: ledgerEntries } = (await ledger.json()) as {
    data: { attributes: { kind: string; amount: number; order_id: string | null } }[];
  };
  const payments = ledgerEntries.filter((e) => e.attributes.kind === 'payment');
  expect(payments).toHaveLength(1);
  expect(payments[0]?.attributes.order_id).toBe(orderId);
  expect(Math.abs(payments[0]?.attributes.amount ?? 0)).toBe(placed[0]?.attributes.total);
});
