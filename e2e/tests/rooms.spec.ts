import { APP, expect, signInAs, test } from '../fixtures';
import { chooseOption, scheduleOf } from '../helpers';

// Rooms (docs/architecture.md#adding-a-resource): an admin names a room in English and Japanese at
// /manage_rooms and puts a schedule in it; a family choosing a class at /book_class reads the
// room in the language of its screen.

test('an admin puts a schedule in a room named in Japanese; a family reads the room in English and Japanese', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const english = `Lantern Room ${stamp}`;
  const japanese = `灯りの部屋 ${stamp}`;

  await signInAs(page, 'admin');
  await page.goto(`${APP}/manage_rooms`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Rooms' })).toBeVisible();
  await checkA11y();
  await page.getByRole('button', { name: 'New room' }).click();
  const roomDialog = page.getByRole('dialog', { name: 'New room' });
  await roomDialog.getByRole('textbox', { name: 'Name (English)' }).fill(english);
  await roomDialog.getByRole('textbox', { name: 'Name (Japanese)' }).fill(japanese);
  await roomDialog.getByRole('textbox', { name: 'Seats' }).fill('500');
  await checkA11y('room dialog');
  await roomDialog.getByRole('button', { name: 'Save' }).click();
  await expect(roomDialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(english) })).toBeVisible();

  // The demo programme's first schedule moves into the room, through its settings dialog.
  const programme = await request.get('/api/v1/catalogue/klass_groups/art-science');
  const groupId = ((await programme.json()) as { data: { id: string } }).data.id;
  const { scheduleId } = await scheduleOf(request, 'art-science', '');
  await page.goto(`${APP}/manage_classes/${groupId}/schedules/${scheduleId}`);
  await page.getByRole('button', { name: 'Edit schedule' }).click();
  const settings = page.getByRole('dialog', { name: 'Edit schedule' });
  await chooseOption(page, 'Room', english, settings);
  await checkA11y('schedule settings with a room');
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/klass_group_schedules/${scheduleId}`) && r.request().method() === 'PATCH',
  );
  await settings.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(settings).toBeHidden();

  // A family, before booking: the class page names the room in the screen's language.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${APP}/book_class?klass_group=art-science`);
  await expect(page.getByText(`Room: ${english}`)).toBeVisible();
  await checkA11y();
  await page.getByTestId('language-switch').selectOption('ja');
  await expect(page.getByText(`教室：${japanese}`)).toBeVisible();
  await expect(page.getByText(`Room: ${english}`)).toHaveCount(0);
  await checkA11y();
});
