import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

test.describe('with the page’s own security policy bypassed', () => {
  // Our pages may not frame another origin (their Content-Security-Policy): the test lifts it to
  // plant one.
  test.use({ bypassCSP: true });

  test('a frame from another origin, which the audit cannot scan, fails the test', async ({
    page,
  }) => {
    test.fail();
    const other = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><html lang="en"><title>Other</title><h1>Other</h1></html>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`${APP}/login`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { port } = other.address() as AddressInfo;
      await page.evaluate((src) => {
        const frame = document.createElement('iframe');
        frame.title = 'Another origin';
        frame.src = src;
        document.querySelector('main')?.append(frame);
      }, `http://127.0.0.1:${port}/`);
      await expect(
        page.frameLocator('iframe').getByRole('heading', { name: 'Other' }),
      ).toBeVisible();
    } finally {
      other.close();
    }
  });
});
