import { randomUUID } from 'node:crypto';
import {
  API,
  CLASSES_API,
  scheduleDocumentSchema,
  signInResponseSchema,
  userListDocumentSchema,
} from '@atelier/contract';
import type { APIRequestContext } from '@playwright/test';
import { APP, demoAccount, expect, signInAs, test } from '../fixtures';
import { chooseOption } from '../helpers';

// Classes end to end (docs/decisions/013-web-classes-screens-and-calendar.md): an admin makes a
// programme (with an image), a plan and a schedule with a
// holiday, sees the sessions it made (the holiday skipped) and cancels one; the schedule's teacher
// sees it in /classes; a student finds the programme in the public catalogue API but gets the
// not-found page on /manage_classes. The teacher's and the student's tests each get a programme of
// their own, made through the admin API exactly as the first test makes one on screen, so each
// test runs alone, in any order, on either worker.
//
// Each page is scanned with axe as the test reaches it (`checkA11y`), which also spares the
// fixture's end-of-test audit from reopening it.

/** A 1×1 PNG: the server re-encodes uploads with sharp, so it must be a real image. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** March 2027: Saturdays the 6th, 13th (a holiday), 20th and 27th; DST starts on the 14th. */
const RANGE = { first: '2027-03-01', last: '2027-03-31', holiday: '2027-03-13' };

/**
 * Names no other test uses, on this worker's database or in an earlier repetition: a fixed-length
 * random part, so one name is never the start of another (the tests match names as substrings).
 */
function uniqueNames() {
  const suffix = randomUUID().slice(0, 8);
  return { programme: `E2E Drawing ${suffix}`, planName: `E2E Per class ${suffix}` };
}

/**
 * What the first test makes on screen, made through the admin API: a plan ($10.00 + $32.50 per
 * class), a published in-person programme for kids at 12 Studio Lane, and its schedule of Saturday
 * mornings in RANGE with the holiday skipped, taught by the demo teacher, the first session
 * cancelled. Returns the programme's name.
 */
async function programmeWithSchedule(request: APIRequestContext): Promise<string> {
  const { programme, planName } = uniqueNames();
  const admin = demoAccount('admin');
  const signedIn = await request.post(API.signIn, {
    data: { auth: { email: admin.email, password: admin.password } },
  });
  expect(signedIn.status()).toBe(200);
  const { jwt } = signInResponseSchema.parse(await signedIn.json()).data;
  const headers = { authorization: `Bearer ${jwt}` };
  const created = async (path: string, data: unknown): Promise<string> => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  };

  const teachers = await request.get(API.usersSearch, {
    headers,
    params: { role: 'teacher', keyword: demoAccount('teacher').email },
  });
  expect(teachers.status()).toBe(200);
  const teacher = userListDocumentSchema.parse(await teachers.json()).data[0];
  expect(teacher).toBeDefined();

  const planId = await created(CLASSES_API.plans, {
    plan: { name: planName, base_price: 1000, unit_price: 3250, unit_type: 'class' },
  });
  const klassGroupId = await created(CLASSES_API.klassGroups, {
    klass_group: {
      name: programme,
      audience: 'kids',
      format: 'in_person',
      location: '12 Studio Lane',
      min_age: 6,
      max_age: 12,
      published: true,
    },
  });
  const scheduleId = await created(CLASSES_API.klassGroupSchedules(klassGroupId), {
    klass_group_schedule: {
      name: 'Spring Saturdays',
      time_zone: 'America/New_York',
      start_date: RANGE.first,
      end_date: RANGE.last,
      slots: [{ weekday: 6, start_time: '10:00', end_time: '12:00' }],
      exception_dates: [RANGE.holiday],
      teacher_id: teacher?.id,
      capacity: 8,
      plan_ids: [planId],
    },
  });

  const schedule = await request.get(CLASSES_API.schedule(scheduleId), { headers });
  expect(schedule.status()).toBe(200);
  const klasses = (scheduleDocumentSchema.parse(await schedule.json()).included ?? [])
    .flatMap((resource) => (resource.type === 'klasses' ? [resource] : []))
    .sort((a, b) => a.attributes.starts_at.localeCompare(b.attributes.starts_at));
  expect(klasses).toHaveLength(3);
  const cancelled = await request.patch(CLASSES_API.klass(klasses[0]?.id ?? ''), {
    headers,
    data: { klass: { status: 'cancelled' } },
  });
  expect(cancelled.status()).toBe(200);
  return programme;
}

test('an admin creates a plan, a programme with an image and a schedule with a holiday, and cancels a session', async ({
  page,
  checkA11y,
}) => {
  test.slow();
  const { programme, planName } = uniqueNames();
  await signInAs(page, 'admin');
  await checkA11y();

  // A plan, priced in dollars on screen and in cents in the API.
  await page.goto(`${APP}/manage_plans`);
  await checkA11y();
  await page.getByRole('button', { name: 'New plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'New plan' });
  await planDialog.getByRole('textbox', { name: 'Name (English)' }).fill(planName);
  await planDialog.getByRole('textbox', { name: 'Base price' }).fill('10');
  await planDialog.getByRole('textbox', { name: 'Unit price' }).fill('32.50');
  await chooseOption(page, 'Charged per', 'Class');
  await checkA11y('plan dialog');
  const planCreated = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/plans') && r.request().method() === 'POST',
  );
  await planDialog.getByRole('button', { name: 'Save' }).click();
  const planBody = (await (await planCreated).json()) as {
    data: { attributes: { base_price: number; unit_price: number } };
  };
  expect(planBody.data.attributes).toMatchObject({ base_price: 1000, unit_price: 3250 });
  await expect(planDialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(planName) })).toContainText('$32.50');

  // A published, in-person programme with an image, uploaded with a progress bar.
  await page.goto(`${APP}/manage_classes`);
  await checkA11y();
  await page.getByRole('button', { name: 'New programme' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New programme' });
  await groupDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(programme);
  await chooseOption(page, 'Audience', 'Kids');
  await chooseOption(page, 'Format', 'In person');
  await groupDialog.getByRole('textbox', { name: 'Location' }).fill('12 Studio Lane');
  await groupDialog.getByRole('textbox', { name: 'Minimum age' }).fill('6');
  await groupDialog.getByRole('textbox', { name: 'Maximum age' }).fill('12');
  await groupDialog.getByRole('switch', { name: 'Published' }).check();
  await groupDialog.getByTestId('klass-group-image-input').setInputFiles({
    name: 'drawing.png',
    mimeType: 'image/png',
    buffer: PIXEL_PNG,
  });
  await checkA11y('programme dialog');
  const uploaded = page.waitForResponse(
    (r) => /\/api\/v1\/klass_groups\/\d+\/image$/.test(r.url()) && r.request().method() === 'PUT',
  );
  await groupDialog.getByRole('button', { name: 'Save' }).click();
  expect((await uploaded).status()).toBe(200);
  await expect(groupDialog).toBeHidden();
  const programmeLink = page.getByRole('link', { name: programme });
  await expect(programmeLink).toBeVisible();
  const row = page.getByRole('row').filter({ has: programmeLink });
  await expect(row.locator('img')).toHaveAttribute('src', /\/uploads\//);
  await expect(row).toContainText('Published');
  await checkA11y();

  // A schedule: Saturdays 10:00–12:00 in March 2027, with one holiday; previewed, then created.
  await programmeLink.click();
  await expect(page.getByRole('heading', { level: 1, name: programme })).toBeVisible();
  await expect(page.getByTestId('klass-group-image')).toBeVisible();
  await checkA11y();
  await page.getByRole('button', { name: 'New schedule' }).click();
  const scheduleDialog = page.getByRole('dialog', { name: 'New schedule' });
  await scheduleDialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Spring Saturdays');
  await scheduleDialog.getByLabel('First day').fill(RANGE.first);
  await scheduleDialog.getByLabel('Last day').fill(RANGE.last);
  await chooseOption(page, 'Weekday 1', 'Saturday');
  await scheduleDialog.getByLabel('Start time 1').fill('10:00');
  await scheduleDialog.getByLabel('End time 1').fill('12:00');
  await scheduleDialog.getByLabel('Holiday', { exact: true }).fill(RANGE.holiday);
  await scheduleDialog.getByRole('button', { name: 'Add holiday' }).click();
  await scheduleDialog.getByRole('textbox', { name: 'Capacity' }).fill('8');
  await scheduleDialog.getByRole('combobox', { name: 'Teacher' }).fill('Theo');
  await page.getByRole('option', { name: /Theo Teacher/ }).click();
  await scheduleDialog.getByRole('combobox', { name: 'Plans' }).fill(planName);
  await page.getByRole('option', { name: new RegExp(planName) }).click();
  await expect(scheduleDialog.getByRole('button', { name: 'Create schedule' })).toBeDisabled();
  await scheduleDialog.getByRole('button', { name: 'Preview sessions' }).click();
  await expect(scheduleDialog.getByTestId('schedule-preview-total')).toHaveText('3 sessions');
  await expect(scheduleDialog.getByTestId('schedule-preview-skipped')).toHaveText(
    'Skipped for holidays: Mar 13, 2027',
  );
  await checkA11y('schedule dialog with its preview');
  await scheduleDialog.getByRole('button', { name: 'Create schedule' }).click();

  // The schedule page: three sessions, none on the holiday; the 10:00 start kept across DST.
  await expect(page).toHaveURL(new RegExp(`${APP}/manage_classes/\\d+/schedules/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Spring Saturdays' })).toBeVisible();
  const klasses = page.getByTestId('klass-row');
  await expect(klasses).toHaveCount(3);
  await expect(klasses.nth(0)).toContainText('Sat, Mar 6, 2027');
  await expect(klasses.nth(1)).toContainText('Sat, Mar 20, 2027');
  await expect(klasses.nth(2)).toContainText('Sat, Mar 27, 2027');
  for (let i = 0; i < 3; i += 1) await expect(klasses.nth(i)).toContainText('10:00');
  await expect(page.getByTestId('klasses')).not.toContainText('Mar 13');
  await expect(page.getByTestId('roster-empty')).toBeVisible();
  await expect(page.getByTestId('schedule-plans')).toContainText('$10.00 + $32.50 per class');

  // Cancel the first session.
  await klasses
    .nth(0)
    .getByRole('button', { name: /^Cancel the session/ })
    .click();
  await page.getByRole('button', { name: 'Cancel session' }).click();
  await expect(klasses.nth(0)).toHaveAttribute('data-status', 'cancelled');
  await expect(klasses.nth(0).getByRole('button', { name: /^Restore/ })).toBeVisible();
  await expect(klasses.nth(1)).toHaveAttribute('data-status', 'scheduled');
});

test('the teacher of the schedule sees its sessions in /classes, the cancelled one marked so', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const programme = await programmeWithSchedule(request);
  await signInAs(page, 'teacher');
  await checkA11y();
  await page.goto(`${APP}/classes?view=list&date=${RANGE.first}`);
  await expect(page.getByRole('heading', { level: 2, name: 'March 2027' })).toBeVisible();
  const entries = page.getByTestId('calendar-entry').filter({ hasText: programme });
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toHaveAttribute('data-status', 'cancelled');
  await expect(entries.nth(1)).toContainText('10:00');
  await expect(entries.nth(1)).toContainText('Where: 12 Studio Lane');
  await checkA11y();
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(
    page.locator('[data-date="2027-03-20"]').getByRole('button', { name: `10:00 AM ${programme}` }),
  ).toBeVisible();
});

test('a student finds the programme in the public catalogue API but not on /manage_classes', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const programme = await programmeWithSchedule(request);
  await signInAs(page, 'student');
  await checkA11y();
  const names: string[] = [];
  for (let pageNumber = 1; pageNumber <= 20; pageNumber += 1) {
    const response = await page.request.get(`/api/v1/catalogue/klass_groups?page=${pageNumber}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      data: { attributes: { name: string } }[];
      meta: { total: number; per_page: number };
    };
    names.push(...body.data.map((g) => g.attributes.name));
    if (pageNumber * body.meta.per_page >= body.meta.total) break;
  }
  expect(names).toContain(programme);
  await page.goto(`${APP}/manage_classes`);
  await expect(page).toHaveURL(`${APP}/404`);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await checkA11y();
});
