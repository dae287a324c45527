import { APP, expect, signInAs, test } from '../fixtures';
import {
  addPastKlass,
  bearer,
  openKlass,
  placeOrder,
  registerFamily,
  scheduleOf,
} from '../helpers';
import { freshEmail } from '../mail';

// The child's card end to end (docs/product.md#the-childs-card): a parent fills in a child's
// emergency contact and allergy on the family page, books a class, and the teacher sees the
// allergy flagged on the session's roll.

test('a parent fills in the child’s card and books; the teacher sees the allergy on the roll', async ({
  page,
  request,
}) => {
  const tag = `card${Date.now().toString(36)}`;
  const { userId, jwt } = await registerFamily(request, {
    name: `Card ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
    child: `Elder ${tag}`,
  });
  // A second child, added with no card yet: checkout would refuse her.
  const child = `Nora ${tag}`;
  const added = await request.post(`/api/v1/users/${userId}/attendee_profiles`, {
    headers: bearer(jwt),
    data: { attendee_profile: { name: child, birthday: '2016-02-02' } },
  });
  expect(added.status()).toBe(201);

  // The parent opens the child's card on the family page and fills it in.
  await page.goto(`${APP}/404`);
  await page.evaluate((token) => localStorage.setItem('jwt', token), jwt);
  await page.goto(`${APP}/account_settings`);
  await page.getByRole('button', { name: `Card of ${child}` }).click();
  const card = page.getByRole('dialog', { name: `Card of ${child}` });
  const contact = card.getByRole('group', { name: 'Emergency contact 1' });
  await contact.getByLabel('Name').fill('Grace Grandparent');
  await contact.getByLabel('Relation').fill('grandmother');
  await contact.getByLabel('Phone').fill('+1 212 555 01');
  await card.getByLabel('Allergies').fill('Peanuts and sesame');
  await card.getByRole('button', { name: 'Save the card' }).click();
  // A number too short to call is refused on its field.
  await expect(
    contact.getByText('Enter a phone number with its country code, such as +1 212 555 0100'),
  ).toBeVisible();
  await contact.getByLabel('Phone').fill('+1 212 555 0100');
  await card.getByRole('button', { name: 'Save the card' }).click();
  await expect(page.getByText(`The card of ${child} is saved`)).toBeVisible();
  await expect(contact.getByLabel('Phone')).toHaveValue('+12125550100');
  await card.getByRole('button', { name: 'Close' }).first().click();

  // Booked and paid; then the school adds a session two hours from now.
  const { scheduleId } = await scheduleOf(request, 'observational-drawing', '');
  await placeOrder(
    request,
    jwt,
    { slug: 'observational-drawing', schedule: '', attendee: child },
    true,
  );
  const startsAt = await addPastKlass(request, scheduleId, -2);

  await page.evaluate(() => localStorage.clear());
  await signInAs(page, 'teacher');
  await openKlass(page, 'Observational Drawing', startsAt);
  await page.getByRole('button', { name: 'Attendance', exact: true }).click();
  const roll = page.getByRole('dialog', { name: /^Attendance: / });
  const row = roll.getByTestId('attendance-row').filter({ hasText: child });
  await expect(row.getByTestId('attendance-allergy-flag')).toBeVisible();
  await expect(row).toContainText(`Allergies of ${child}: Peanuts and sesame`);
  await expect(row).toContainText('Grace Grandparent (grandmother) +12125550100');
});
