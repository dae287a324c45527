import { APP, expect, test } from '../fixtures';

// The harness checks itself: if the automatic axe audit stopped running, every page could regress
// silently. These tests must fail, and are marked so (test.fail): they pass only while the audit
// catches what they plant.

test('the end-of-test audit fails a test that leaves a critical violation on the page', async ({
  page,
}) => {
  test.fail();
  await page.goto(`${APP}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An image without alternative text: axe rule image-alt, impact critical.
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    document.querySelector('main')?.append(image);
  });
});

test('checkA11y fails the test for a violation the page only shows for a moment', async ({
  page,
  checkA11y,
}) => {
  test.fail();
  await page.goto(`${APP}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A button with no accessible name (axe rule button-name, impact critical), removed again.
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'nameless';
    document.querySelector('main')?.append(button);
  });
  await checkA11y('with a nameless button');
  await page.evaluate(() => document.getElementById('nameless')?.remove());
});

test('a second page of the test’s context is audited as well', async ({ page, context }) => {
  test.fail();
  await page.goto(`${APP}/login`);
  const second = await context.newPage();
  await second.goto(`${APP}/login`);
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await second.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    document.querySelector('main')?.append(image);
  });
});
