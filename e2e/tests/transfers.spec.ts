import { APP, expect, signInAs, test } from '../fixtures';
import { apiToken, bearer, placeOrder, registerFamily, scheduleOf } from '../helpers';
import { freshEmail } from '../mail';

// Transfers end to end (docs/product.md#transfers): staff move a family's child to another class
// of the same programme from the customer's page, after seeing the price difference; the family
// then finds the new class under "Your classes" on /classes.

type Included = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
};

test('staff change a child’s class after a preview; the family sees the new class on /classes', async ({
  page,
  request,
}) => {
  const tag = `tr${Date.now().toString(36)}`;
  const child = `Trina ${tag}`;
  const { jwt, userId } = await registerFamily(request, {
    name: `Transfer ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
    child,
  });
  const { scheduleId, planId } = await scheduleOf(request, 'observational-drawing', '');
  await placeOrder(
    request,
    jwt,
    { slug: 'observational-drawing', schedule: '', attendee: child },
    true,
  );
  // A new class of the same programme with the same plan, for this test alone.
  const catalogue = (await (
    await request.get('/api/v1/catalogue/klass_groups/observational-drawing')
  ).json()) as { data: { id: string }; included: Included[] };
  const from = catalogue.included.find(
    (r) => r.type === 'klass_group_schedules' && r.id === scheduleId,
  );
  const teacher = (from?.relationships?.teacher?.data as { id: string } | undefined)?.id;
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const admin = await apiToken(request, 'admin');
  const made = await request.post(`/api/v1/klass_groups/${catalogue.data.id}/schedules`, {
    headers: bearer(admin),
    data: {
      klass_group_schedule: {
        name: `Move ${tag}`,
        teacher_id: teacher,
        capacity: 4,
        time_zone: 'America/New_York',
        start_date: day(3),
        end_date: day(60),
        slots: [{ weekday: 3, start_time: '16:00', end_time: '17:30' }],
        exception_dates: [],
        plan_ids: [planId],
      },
    },
  });
  expect(made.status()).toBe(201);

  await signInAs(page, 'admin');
  await page.goto(`${APP}/customers?customer=${userId}`);
  const customer = page.getByTestId('customer-dialog');
  await customer.getByRole('button', { name: new RegExp(`^Change class for ${child}`) }).click();
  const dialog = page.getByRole('dialog', { name: `Change class for ${child}` });
  await dialog.getByLabel('New class').click();
  await page.getByRole('option', { name: new RegExp(`Move ${tag}`) }).click();
  await dialog.getByRole('button', { name: 'See the price difference' }).click();
  await expect(dialog.getByTestId('transfer-preview')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page.getByText(`${child} has moved to the new class.`)).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await page.goto(`${APP}/404`);
  await page.evaluate((token) => localStorage.setItem('jwt', token), jwt);
  await page.goto(`${APP}/classes`);
  const classes = page.getByTestId('family-classes');
  await expect(classes.getByTestId('family-class').filter({ hasText: child })).toContainText(
    `Move ${tag}`,
  );
});
