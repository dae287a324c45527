import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, test } from '../fixtures';
import { placeOrder, registerFamily } from '../helpers';
import { freshEmail, linkIn, nextMail } from '../mail';

// A second guardian (docs/product.md#second-guardians, decision 071): a parent invites another
// adult from the family page, the invitee registers with the invited address, opens the mailed
// link and accepts, and then sees the family's child's booked class on their own classes page.

/** Registers and confirms an account with no family members (the invitee). */
async function registerAlone(
  request: APIRequestContext,
  account: { name: string; email: string; password: string },
): Promise<string> {
  const registered = await request.post('/api/v1/users', {
    data: {
      user: { ...account, timezone: 'America/New_York', terms_accepted: true },
    },
  });
  expect(registered.status()).toBe(202);
  const mail = await nextMail(request, account.email, 'confirmation');
  const token = linkIn(mail, '/register/').split('/').pop() as string;
  const confirmed = await request.put(`/api/v1/user_token/${token}`);
  expect(confirmed.status()).toBe(200);
  return ((await confirmed.json()) as { data: { jwt: string } }).data.jwt;
}

/** Opens the app at `path` signed in with `jwt`, as after a sign-in. */
async function openAs(page: Page, jwt: string, path: string): Promise<void> {
  await page.goto(`${APP}/404`);
  await page.evaluate((token) => localStorage.setItem('jwt', token), jwt);
  await page.goto(`${APP}${path}`);
}

test('a parent invites a second guardian, who accepts the mailed link and sees the child’s class', async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const child = `Gwen Guardian ${Date.now()}`;
  const parent = await registerFamily(request, {
    name: 'Paula Parent',
    email: freshEmail('guardian-parent'),
    password: 'two guardians one child 1!',
    child,
  });
  await placeOrder(
    request,
    parent.jwt,
    { slug: 'comics-drawing', schedule: 'Current term', attendee: child },
    true,
  );

  // The parent invites from the family page.
  const guardianEmail = freshEmail('guardian-second');
  await openAs(page, parent.jwt, '/account_settings');
  const section = page.getByRole('region', { name: 'Guardians' });
  await expect(section.getByTestId('guardian-holder')).toContainText('Paula Parent');
  await section.getByLabel('E-mail address of the second guardian').fill(guardianEmail);
  await section.getByRole('button', { name: 'Invite' }).click();
  const row = section.getByTestId('guardian-row').filter({ hasText: guardianEmail });
  await expect(row.getByTestId('guardian-status')).toHaveText('Invited');
  await checkA11y('family page with a pending invitation');

  // The invitee registers with the invited address and opens the mailed link.
  const guardianJwt = await registerAlone(request, {
    name: 'Gary Guardian',
    email: guardianEmail,
    password: 'second guardian here 1!',
  });
  const invitation = await nextMail(request, guardianEmail, 'guardian_invitation');
  const link = linkIn(invitation, '/guardian_invitation/');
  await openAs(page, guardianJwt, link.replace(APP, ''));
  await expect(page.getByRole('heading', { name: 'Family invitation' })).toBeVisible();
  await checkA11y('invitation page');
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByTestId('guardian-accepted')).toContainText('Paula Parent');

  // The family's booked class is on the second guardian's classes page.
  await page.getByRole('link', { name: 'See the classes' }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/classes`));
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByText('Comics Drawing').first()).toBeVisible();

  // And the family page lists them as a guardian, beside the account holder.
  await page.goto(`${APP}/account_settings`);
  const theirs = page.getByRole('region', { name: 'Guardians' });
  await expect(theirs.getByTestId('guardian-holder')).toContainText('Paula Parent');
  await expect(
    theirs.getByTestId('guardian-row').filter({ hasText: 'Gary Guardian' }),
  ).toContainText('Guardian');
  await expect(page.getByTestId('family-member').filter({ hasText: child })).toBeVisible();
});
