import { APP, expect, signInAs, test } from '../fixtures';
import {
  addKlass,
  addPastKlass,
  apiToken,
  bearer,
  openKlass,
  placeOrder,
  registerFamily,
  scheduleOf,
  sessionChoice,
} from '../helpers';
import { freshEmail } from '../mail';

// Absences and make-ups end to end (docs/product.md#absences-and-make-ups): a parent reports a
// child's absence from an upcoming in-person session, receives a make-up credit, books an online
// session with it, and the roll of that session shows the child as a make-up.

test('a parent reports an absence, gets a credit and books an online make-up; the roll shows it', async ({
  page,
  request,
}) => {
  const tag = `mk${Date.now().toString(36)}`;
  const child = `Mako ${tag}`;
  const { jwt } = await registerFamily(request, {
    name: `Makeup ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
    child,
  });
  const { scheduleId } = await scheduleOf(request, 'observational-drawing', '');
  await placeOrder(
    request,
    jwt,
    { slug: 'observational-drawing', schedule: '', attendee: child },
    true,
  );
  // The missed session, two days ahead; the online make-up, a few hours ahead.
  const missed = await addPastKlass(request, scheduleId, -49);
  const online = await scheduleOf(request, 'drawing-lab', '');
  const makeupAt = await addPastKlass(request, online.scheduleId, -3);

  await page.goto(`${APP}/404`);
  await page.evaluate((token) => localStorage.setItem('jwt', token), jwt);
  await openKlass(page, 'Observational Drawing', missed);
  await page.getByRole('button', { name: 'Report absence' }).click();
  const report = page.getByRole('dialog', { name: 'Report absence' });
  await expect(report.getByLabel('Child')).toContainText(child);
  await report.getByLabel('Reason (optional)').fill('Family trip');
  await report.getByRole('button', { name: 'Report absence' }).click();
  await expect(page.getByText('Absence reported.')).toBeVisible();
  // The session's view now says so, with "Take back" beside it.
  await expect(page.getByText(`Absence reported: ${child}`)).toBeVisible();

  await page.goto(`${APP}/classes`);
  const credits = page.getByTestId('makeup-credits');
  const credit = credits.getByTestId('makeup-credit').filter({ hasText: child });
  await expect(credit).toContainText('Available');
  await credit.getByRole('button', { name: 'Book a make-up' }).click();
  const book = page.getByRole('dialog', { name: `Book a make-up for ${child}` });
  await book.getByLabel('Class').click();
  await page.getByRole('option', { name: sessionChoice('Drawing Lab', makeupAt) }).click();
  await book.getByRole('button', { name: 'Confirm make-up' }).click();
  await expect(page.getByText('Make-up booked.')).toBeVisible();
  await expect(credit).toContainText('Used');

  await page.evaluate(() => localStorage.clear());
  await signInAs(page, 'admin');
  await openKlass(page, 'Drawing Lab', makeupAt);
  await page.getByRole('button', { name: 'Attendance', exact: true }).click();
  const roll = page.getByRole('dialog', { name: /^Attendance: / });
  const row = roll.getByTestId('attendance-row').filter({ hasText: child });
  await expect(row.getByTestId('attendance-makeup')).toBeVisible();
});

// The screens for what the API already allowed (docs/decisions/078-transfers.md): the family
// cancels a booked make-up and takes an absence back on /classes; an admin grants a credit from
// the roll for a child marked absent.
/**
 * Minutes from now to a start later today in the demo schedules' zone (America/New_York): `wanted`,
 * or fewer when the day ends sooner (at least one).
 */
function laterToday(wanted: number): number {
  const [hour = 0, minute = 0] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/New_York',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number);
  const left = 24 * 60 - (hour * 60 + minute) - 1;
  return Math.max(1, Math.min(wanted, left));
}

test('a parent cancels a make-up and takes an absence back; an admin grants a credit from the roll', async ({
  page,
  request,
}) => {
  const tag = `mc${Date.now().toString(36)}`;
  const child = `Maki ${tag}`;
  const { jwt, childId } = await registerFamily(request, {
    name: `Makeup back ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
    child,
  });
  const { scheduleId } = await scheduleOf(request, 'observational-drawing', '');
  await placeOrder(
    request,
    jwt,
    { slug: 'observational-drawing', schedule: '', attendee: child },
    true,
  );
  // Reported through the API, booked through the API: the screens under test come after.
  const missed = await addKlass(request, scheduleId, -53);
  const online = await scheduleOf(request, 'drawing-lab', '');
  const makeup = await addKlass(request, online.scheduleId, -5);
  const missedId = missed.id;
  const reported = await request.post(`/api/v2/klasses/${missedId}/absences`, {
    headers: bearer(jwt),
    data: { attendee_profile_id: childId },
  });
  expect(reported.status()).toBe(201);
  const creditId = (
    (await reported.json()) as { data: { attributes: { makeup_credit_id: string } } }
  ).data.attributes.makeup_credit_id;
  const booked = await request.post('/api/v2/makeup_bookings', {
    headers: bearer(jwt),
    data: { makeup_credit_id: creditId, klass_id: makeup.id },
  });
  expect(booked.status()).toBe(201);

  await page.goto(`${APP}/404`);
  await page.evaluate((token) => localStorage.setItem('jwt', token), jwt);
  await page.goto(`${APP}/classes`);
  const credit = page.getByTestId('makeup-credit').filter({ hasText: child });
  await expect(credit).toContainText('Used');
  await credit.getByRole('button', { name: /^Cancel make-up of / }).click();
  await expect(
    page.getByText('Make-up cancelled: the credit is yours to use again.'),
  ).toBeVisible();
  await expect(credit).toContainText('Available');
  await credit.getByRole('button', { name: /^Take back the absence of / }).click();
  await expect(page.getByText('Absence taken back.')).toBeVisible();
  await expect(page.getByTestId('makeup-credit').filter({ hasText: child })).toHaveCount(0);

  // A session of the child's later today, marked absent by the teacher: an admin grants a credit.
  // Attendance opens on the session's day in the schedule's zone: near midnight there, an hour on
  // would be tomorrow, so the session starts before the day ends.
  const today = await addKlass(request, scheduleId, -laterToday(60) / 60);
  const marked = await request.put(`/api/v1/klasses/${today.id}/attendances`, {
    headers: bearer(await apiToken(request, 'admin')),
    data: { attendances: [{ attendee_profile_id: childId, status: 'absent' }] },
  });
  expect(marked.status()).toBe(200);
  await page.evaluate(() => localStorage.clear());
  await signInAs(page, 'admin');
  await openKlass(page, 'Observational Drawing', today.startsAt);
  await page.getByRole('button', { name: 'Attendance', exact: true }).click();
  const roll = page.getByRole('dialog', { name: /^Attendance: / });
  await roll.getByRole('button', { name: `Grant make-up credit to ${child}` }).click();
  const grant = page.getByRole('dialog', { name: `Grant make-up credit to ${child}` });
  await grant.getByLabel('Reason (optional)').fill('Unwell');
  await grant.getByRole('button', { name: 'Grant make-up credit' }).click();
  await expect(page.getByText('Make-up credit granted.')).toBeVisible();
  // The pointer rests where the closed dialog's button was, over a roll toggle: its hover shade
  // is not what the audit should judge.
  await page.mouse.move(0, 0);
  await expect(grant).toBeHidden();
});
