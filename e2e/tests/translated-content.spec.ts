import { APP, expect, signInAs, test } from '../fixtures';

// What the school writes, in the reader's language (docs/architecture.md#translated-content): the
// demo programme "Art & Science" has a Japanese name and description, which a Japanese family
// reads in the app's booking page and on its public class page; everyone else reads the English.
// The demo teacher's bio likewise has a Japanese text, shown on the public instructors page.

const EN = { name: 'Art & Science', description: /^Drawing meets discovery/ };
const JA = { name: 'アートとサイエンス', description: /^ルーペで見る植物スケッチ/ };

test('a guest who switches the app to Japanese reads the programme in Japanese at /book_class', async ({
  page,
}) => {
  await page.goto(`${APP}/book_class?klass_group=art-science`);
  await expect(page.getByRole('heading', { name: EN.name })).toBeVisible();
  await expect(page.getByText(EN.description)).toBeVisible();

  await page.getByTestId('language-switch').selectOption('ja');
  await expect(page.getByRole('heading', { name: JA.name })).toBeVisible();
  await expect(page.getByText(JA.description)).toBeVisible();
  await expect(page.getByRole('heading', { name: EN.name })).toHaveCount(0);
});

test('the public class page is in Japanese for ?lang=ja and in English otherwise', async ({
  page,
}) => {
  await page.goto('/classes/art-science');
  await expect(page.getByRole('heading', { level: 1, name: EN.name })).toBeVisible();

  await page.goto('/classes/art-science?lang=ja');
  await expect(page.getByRole('heading', { level: 1, name: JA.name })).toBeVisible();
  await expect(page.getByText(JA.description).first()).toBeVisible();
});

test("a teacher's bio is in Japanese on /our-instructors?lang=ja, as they wrote it in account settings", async ({
  page,
}) => {
  // The demo teacher wrote both bios; the settings form shows each in its own labelled field.
  await signInAs(page, 'teacher');
  await page.goto(`${APP}/account_settings`);
  await expect(page.getByLabel('Bio', { exact: true })).toHaveValue(/^Theo studied painting/);
  await expect(page.getByLabel('Japanese bio')).toHaveValue(/^テオは京都で絵画を学び/);

  await page.goto('/our-instructors?lang=ja');
  const theo = page.getByRole('listitem').filter({ hasText: 'Theo Teacher' });
  await expect(theo.getByText(/^テオは京都で絵画を学び/)).toBeVisible();
  await expect(page.getByText(/^Theo studied painting/)).toHaveCount(0);

  await page.goto('/our-instructors?lang=en');
  await expect(theo.getByText(/^Theo studied painting/)).toBeVisible();
});
