import { APP, expect, signInAs, test } from '../fixtures';
import { addPastKlass, openKlass, placeOrder, registerFamily, scheduleOf } from '../helpers';
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
  // The missed session, two days ahead; the online make-up, a few hours ahead (soonest offered).
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

  await page.goto(`${APP}/classes`);
  const credits = page.getByTestId('makeup-credits');
  const credit = credits.getByTestId('makeup-credit').filter({ hasText: child });
  await expect(credit).toContainText('Available');
  await credit.getByRole('button', { name: 'Book a make-up' }).click();
  const book = page.getByRole('dialog', { name: `Book a make-up for ${child}` });
  await book.getByLabel('Class').click();
  await page
    .getByRole('option', { name: /^Drawing Lab, .*online/ })
    .first()
    .click();
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
