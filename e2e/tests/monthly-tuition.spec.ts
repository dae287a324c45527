import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, signInAs, test } from '../fixtures';
import { apiToken, bearer, registerFamily } from '../helpers';
import { freshEmail } from '../mail';

// Monthly tuition (docs/product.md#monthly-tuition, docs/decisions/075-monthly-tuition-and-billing-runs.md):
// a parent saves a card, enrolls paying monthly with autopay, the admin runs the next month on
// /manage_billing, and the parent sees the month charged and paid on /orders. The test makes its
// own family, month plan, programme and schedule, under names no other test uses.

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM` of the month `offset` months from now (New York's calendar, near enough at noon UTC). */
function monthFrom(offset: number): { period: string; first: string; last: string } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
  const period = `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}`;
  return { period, first: `${period}-01`, last: `${period}-${pad(end.getUTCDate())}` };
}

/** A programme with a month plan (base $10, $120 a month) running this month to the month after next. */
async function monthlyProgramme(request: APIRequestContext, tag: string) {
  const headers = bearer(await apiToken(request, 'admin'));
  const created = async (path: string, data: unknown): Promise<string> => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  };
  const teachers = await request.get('/api/v1/users/search', {
    headers,
    params: { role: 'teacher' },
  });
  const teacherId = ((await teachers.json()) as { data: { id: string }[] }).data[0]?.id;
  const planId = await created('/api/v1/plans', {
    plan: { name: `Monthly ${tag}`, base_price: 1000, unit_price: 12_000, unit_type: 'month' },
  });
  const programme = `Monthly Studio ${tag}`;
  const groupId = await created('/api/v1/klass_groups', {
    klass_group: {
      name: programme,
      audience: 'kids',
      format: 'in_person',
      location: '12 Studio Lane',
      min_age: 6,
      max_age: 14,
      published: true,
    },
  });
  const scheduleId = await created(`/api/v1/klass_groups/${groupId}/schedules`, {
    klass_group_schedule: {
      name: 'Every Saturday',
      time_zone: 'America/New_York',
      start_date: monthFrom(0).first,
      end_date: monthFrom(2).last,
      slots: [{ weekday: 6, start_time: '10:00', end_time: '12:00' }],
      exception_dates: [],
      teacher_id: teacherId,
      capacity: 8,
      plan_ids: [planId],
    },
  });
  return { programme, planId, scheduleId };
}

async function openAs(page: Page, jwt: string, path: string): Promise<void> {
  await page.goto(`${APP}/404`);
  await page.evaluate((token) => localStorage.setItem('jwt', token), jwt);
  await page.goto(`${APP}${path}`);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

test('a parent saves a card and pays monthly with autopay; the admin runs next month; the parent sees it paid', async ({
  page,
  request,
}) => {
  test.slow();
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { programme, planId, scheduleId } = await monthlyProgramme(request, tag);
  const familyName = `Monthly Family ${tag}`;
  const family = await registerFamily(request, {
    name: familyName,
    email: freshEmail(`monthly-${tag}`),
    password: `${tag} long enough 1!`,
    child: `Mona Monthly ${tag}`,
  });

  // A saved card, through the fake provider's card form.
  await openAs(page, family.jwt, '/account_settings');
  const cards = page.getByRole('region', { name: 'Saved cards' });
  await cards.getByRole('button', { name: 'Add a card' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await cards.getByRole('button', { name: 'Save card' }).click();
  await expect(cards.getByTestId('saved-card')).toContainText('visa •••• 4242');
  await expect(cards.getByTestId('saved-card')).toContainText('Default');

  // Pay monthly with autopay at checkout.
  const carted = await request.post('/api/v2/cart_items', {
    headers: bearer(family.jwt),
    data: {
      cart_item: {
        klass_group_schedule_id: scheduleId,
        plan_id: planId,
        number_of_attendees: 1,
        attendee_profile_ids: [family.childId],
        addon_ids: [],
        coupon_code: null,
      },
    },
  });
  expect([200, 201]).toContain(carted.status());
  await page.goto(`${APP}/checkout`);
  await page.getByRole('radio', { name: /Pay monthly/ }).check();
  await page.getByRole('checkbox', { name: 'Autopay each month with my saved card' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/checkout\\?order=\\d+`));
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/checkout/complete`));

  const next = monthFrom(1).period;
  await page.goto(`${APP}/classes`);
  const monthly = page.getByTestId('monthly-enrollment').filter({ hasText: programme });
  await expect(monthly).toContainText('Autopay: visa •••• 4242');
  await expect(monthly).toContainText(`Next charge: ${next}, $120.00`);

  // The admin previews and runs next month.
  await page.evaluate(() => localStorage.removeItem('jwt'));
  await signInAs(page, 'admin');
  await page.goto(`${APP}/manage_billing`);
  await page.getByLabel('Month').fill(next);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('billing-result')).toContainText('Nothing was charged');
  await expect(page.locator(`[data-name="${familyName}"]`).first()).toContainText('$120.00');
  await page.getByRole('button', { name: 'Run billing' }).click();
  await expect(page.getByTestId('billing-result')).toContainText(`${next} billed`);
  await expect(page.locator(`[data-name="${familyName}"]`).first()).toContainText('(autopay)');

  // The parent sees the month charged and paid by autopay, nothing due.
  await openAs(page, family.jwt, '/orders');
  const statement = page.getByRole('region', { name: 'Balance and statement' });
  await expect(statement.getByText(new RegExp(`${programme}.*${next}`))).toBeVisible();
  await expect(statement.getByText(new RegExp(`Autopay · ${next}`))).toBeVisible();
  await expect(page.getByTestId('family-ledger-balance')).toHaveText('Balance: nothing owed');
  await expect(page.getByTestId('balance-due')).toHaveCount(0);
});
