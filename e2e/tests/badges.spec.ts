import { API, BADGE_MAX, notificationListDocumentSchema } from '@atelier/contract';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from '../fixtures';

// docs/product.md#routes-and-screens top bar: the notification button's unread badge (the '9+' rule for 10 or more is unit
// tested in the web app; the demo seed gives fewer than ten).

/**
 * The signed-in user's notifications straight from the list API (the badge itself comes from
 * unread_count, so this is an independent count). The demo seed fits on one page.
 */
async function listNotifications(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('jwt'));
  const res = await page.request.get(API.notifications, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const list = notificationListDocumentSchema.parse(await res.json());
  expect(list.meta.total).toBe(list.data.length);
  return list.data.map((n) => n.attributes);
}

const unread = (notifications: { read: boolean }[]) => notifications.filter((n) => !n.read).length;

test('the notification badge shows the seeded unread count, and clears after "Mark all as read"', async ({
  page,
  checkA11y,
}) => {
  // The parent's account, so the student's seeded notifications stay unread for other tests. No
  // other test reads or changes the parent's notifications, and nothing can make them unread
  // again (the app has no such call), so this is the one test that spends them: once per worker,
  // on the worker's own database (fixtures.ts). A worker that failed is replaced with a fresh one.
  await signInAs(page, 'parent');
  const notifications = await listNotifications(page);
  const seeded = unread(notifications);
  expect(seeded, 'the demo seed gives the parent unread notifications').toBeGreaterThan(0);
  expect(seeded).toBeLessThanOrEqual(BADGE_MAX);

  const topBar = page.getByTestId('top-bar');
  const button = topBar.getByRole('button', { name: `Notifications, ${seeded} unread` });
  await expect(button).toBeVisible();
  await expect(topBar.getByTestId('notifications-badge')).toHaveText(String(seeded));

  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toBeVisible();
  for (const { title } of notifications) {
    await expect(dialog.getByText(title, { exact: true })).toBeVisible();
  }
  await checkA11y('notifications dialog open');

  await dialog.getByRole('button', { name: 'Mark all as read' }).click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure you want to mark all notifications as read?' });
  await expect(confirm).toBeVisible();
  await checkA11y('mark-all confirmation open');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await expect(topBar.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(topBar.getByTestId('notifications-badge')).toBeHidden();
  expect(unread(await listNotifications(page))).toBe(0);
});

test('a user with no unread notification sees no badge', async ({ page }) => {
  await signInAs(page, 'teacher');
  expect(unread(await listNotifications(page))).toBe(0);
  const topBar = page.getByTestId('top-bar');
  await expect(topBar.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(topBar.getByTestId('notifications-badge')).toBeHidden();
});
