import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, test } from '../fixtures';
import { freshEmail, linkIn, nextMail } from '../mail';

// Accounts end to end (docs/decisions/012-accounts-web-flows.md): registration with the mailed
// confirmation link, the unconfirmed sign-in,
// password reset, avatar (stored without EXIF), e-mail change and family members, with their
// error paths. Every account is made fresh here, so the demo accounts other tests use stay as
// they are. Mail is read back from the server's outbox through /dev/mail (never in production).

type Account = { name: string; email: string; password: string; jwt: string };

/** Registers and confirms an account through the API (for tests about what comes after). */
async function confirmedAccount(request: APIRequestContext, tag: string): Promise<Account> {
  const account = {
    name: `Test ${tag}`,
    email: freshEmail(tag),
    password: `${tag} long enough 1!`,
  };
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
  const { data } = (await confirmed.json()) as { data: { jwt: string } };
  return { ...account, jwt: data.jwt };
}

/**
 * Starts the page signed in as `account` with the session the confirmation gave it (as the app
 * does after a mailed link), without spending the sign-in rate limit other tests share.
 */
async function openSignedIn(page: Page, account: Account, path: string): Promise<void> {
  await page.goto(`${APP}/404`);
  await page.evaluate((jwt) => localStorage.setItem('jwt', jwt), account.jwt);
  await page.goto(`${APP}${path}`);
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${APP}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** The message shown under a field (its aria-describedby target). */
async function messageOf(page: Page, field: ReturnType<Page['getByLabel']>): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(
    ids.map((id) =>
      page
        .locator(`[id="${id}"]`)
        .textContent()
        .then((t) => (t ?? '').trim()),
    ),
  );
  return texts.filter(Boolean).join(' ');
}

test('registers, confirms through the mailed link (after a refused sign-in) and lands signed in', async ({
  page,
  request,
}) => {
  const name = 'Grace Hopper';
  const email = freshEmail('register');
  const password = 'compilers are fun 1906';

  // Started from elsewhere: the link carries the way back.
  await page.goto(`${APP}/register?redirect=/book_class`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await expect(page.getByTestId('password-strength')).toContainText('Password strength: strong');
  await expect(page.getByLabel(/^Time zone/)).toHaveValue('America / New York');
  await page.getByRole('checkbox', { name: /I accept the Terms of Use/ }).check();
  await expect(page.getByRole('link', { name: 'Terms of Use' }).first()).toHaveAttribute(
    'href',
    '/terms-of-use',
  );
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(`${APP}/register/check_email`);
  await expect(page.getByTestId('check-email-lead')).toHaveText(
    `We sent a confirmation link to ${email}. Open it to finish signing up.`,
  );
  const seen = new Set<string>();
  await nextMail(request, email, 'confirmation', seen);

  // Not confirmed yet: sign-in says so and offers the link again.
  await logIn(page, email, password);
  await expect(page.getByTestId('login-error')).toContainText(
    'Please confirm your e-mail address first',
  );
  await page.getByRole('button', { name: 'Send the confirmation link again' }).click();
  await expect(
    page.getByText(`If ${email} is waiting for confirmation, a new link is on its way.`),
  ).toBeVisible();
  const mail = await nextMail(request, email, 'confirmation', seen);

  await page.goto(linkIn(mail, '/register/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Account' })).toBeVisible();
  await expect(page.getByTestId('confirm-lead')).toHaveText(
    `Hi ${name}! Confirm ${email} to finish signing up.`,
  );
  await page.getByRole('button', { name: 'Confirm and log in' }).click();

  await expect(page).toHaveURL(new RegExp(`${APP}/register/complete/[^/?]+\\?redirect=`));
  await expect(
    page.getByText(`Welcome, ${name}! Your account is ready and you are logged in.`),
  ).toBeVisible();
  // The top bar is a signed-in user's (the drawer stays shut on registration pages, docs/product.md#routes-and-screens).
  await expect(
    page.getByTestId('top-bar').getByRole('button', { name: /^Notifications/ }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeTruthy();
  await expect(page.getByRole('link', { name: 'Continue where you left off' })).toHaveAttribute(
    'href',
    `${APP}/book_class`,
  );
  // Signed in for real: a page for signed-in users opens.
  await page.getByRole('link', { name: 'Account Settings' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByTestId('email-current')).toHaveText(`Your address: ${email}`);

  // The link has done its work.
  await page.goto(linkIn(mail, '/register/'));
  await expect(page.getByText('This account is already confirmed. You can log in.')).toBeVisible();
});

test("registration shows 'Required' and the server's 422 messages beside their fields", async ({
  page,
}) => {
  await page.goto(`${APP}/register`);
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const label of [/^Name/, /^E-mail/, /^Password/]) {
    expect(await messageOf(page, page.getByLabel(label))).toBe('Required');
  }
  await expect(page.getByText('You must accept the Terms of Use')).toBeVisible();

  await page.getByLabel(/^Name/).fill('Common Password');
  await page.getByLabel(/^E-mail/).fill('nope@');
  await page.getByLabel(/^Password/).fill('password123');
  await page.getByRole('checkbox', { name: /I accept the Terms of Use/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(await messageOf(page, page.getByLabel(/^E-mail/))).toBe('Invalid input');

  // On the server's list of common passwords: its 422 is shown beside the password.
  await page.getByLabel(/^E-mail/).fill(freshEmail('common'));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('This password is too common. Choose one that is harder to guess.'),
  ).toBeVisible();
  expect(await messageOf(page, page.getByLabel(/^Password/))).toBe(
    'This password is too common. Choose one that is harder to guess.',
  );
  await expect(page).toHaveURL(`${APP}/register`);
});

test('resets a forgotten password through the mailed link and signs in with it', async ({
  page,
  request,
}) => {
  const account = await confirmedAccount(request, 'reset');
  const newPassword = 'a brand new passphrase 7';

  await page.goto(`${APP}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(`${APP}/password_reset/`);
  await page.getByRole('button', { name: 'Send the link' }).click();
  expect(await messageOf(page, page.getByLabel(/^E-mail/))).toBe('Required');

  // The answer is the same for an address with no account.
  const nobody = freshEmail('nobody');
  await page.getByLabel(/^E-mail/).fill(nobody);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('password-reset-sent')).toHaveText(
    `If an account exists for ${nobody}, we have sent it a link to choose a new password. The link works for one hour.`,
  );

  await page.getByLabel(/^E-mail/).fill(account.email);
  await page.getByRole('button', { name: 'Send another link' }).click();
  await expect(page.getByTestId('password-reset-sent')).toContainText(account.email);
  const mail = await nextMail(request, account.email, 'password_reset');
  const link = linkIn(mail, '/password_reset/');

  await page.goto(link);
  await expect(page.getByText(`Choose a new password for ${account.email}.`)).toBeVisible();
  await page.getByLabel(/^New password/).fill('short');
  await page.getByRole('button', { name: 'Save and log in' }).click();
  expect(await messageOf(page, page.getByLabel(/^New password/))).toBe(
    'Use at least 10 characters',
  );
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByRole('button', { name: 'Save and log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/?$`));
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toContainText(
    `Hi, ${account.name}`,
  );

  // Single use.
  await page.goto(link);
  await expect(page.getByText('This link has already been used.')).toBeVisible();

  // The new password signs in; the old one does not.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: 'Log out' })
    .click();
  await logIn(page, account.email, account.password);
  await expect(page.getByTestId('login-error')).toHaveText('The e-mail or password is incorrect.');
  await logIn(page, account.email, newPassword);
  await expect(page).toHaveURL(new RegExp(`${APP}/?$`));
});

/** A JPEG made by the browser, with an EXIF segment (a GPS-like secret in it) spliced in. */
async function jpegWithExif(page: Page, marker: string): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#9A24F2';
    context.fillRect(0, 0, 64, 48);
    context.fillStyle = '#41D9A0';
    context.fillRect(16, 12, 32, 24);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] as string;
  });
  const jpeg = Buffer.from(base64, 'base64');
  // TIFF (little endian) with one IFD0 entry: ImageDescription (0x010E, ASCII) = marker.
  const text = Buffer.from(`${marker}\0`, 'latin1');
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x010e, 10);
  tiff.writeUInt16LE(2, 12);
  tiff.writeUInt32LE(text.length, 14);
  tiff.writeUInt32LE(tiff.length, 18);
  tiff.writeUInt32LE(0, 22);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, text]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  // Right after SOI (FFD8).
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** Whether an image file carries EXIF: a JPEG APP1 'Exif' segment or a WebP 'EXIF' chunk. */
function hasExif(image: Buffer): boolean {
  if (image[0] === 0xff && image[1] === 0xd8) {
    let offset = 2;
    while (offset + 4 <= image.length && image[offset] === 0xff) {
      const marker = image[offset + 1] as number;
      if (marker === 0xda) break; // start of scan: no more metadata segments
      const length = image.readUInt16BE(offset + 2);
      if (marker === 0xe1 && image.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') {
        return true;
      }
      offset += 2 + length;
    }
    return false;
  }
  if (image.toString('latin1', 0, 4) === 'RIFF' && image.toString('latin1', 8, 12) === 'WEBP') {
    let offset = 12;
    while (offset + 8 <= image.length) {
      const fourcc = image.toString('latin1', offset, offset + 4);
      if (fourcc === 'EXIF') return true;
      offset += 8 + image.readUInt32LE(offset + 4) + (image.readUInt32LE(offset + 4) % 2);
    }
    return false;
  }
  throw new Error('not a JPEG or WebP image');
}

test('changes the avatar with a progress bar; the stored image carries no EXIF', async ({
  page,
  request,
}) => {
  const account = await confirmedAccount(request, 'avatar');
  await openSignedIn(page, account, '/account_settings');
  const section = page.getByTestId('avatar-section');
  await expect(section.getByRole('img', { name: account.name })).toBeVisible();

  // Not an image: the server's 422 message is shown.
  await section.getByTestId('avatar-upload-picker-input').setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('these are not pixels'),
  });
  await section.getByRole('button', { name: 'Upload' }).click();
  await expect(section.getByTestId('avatar-upload-error')).toContainText(
    'Upload a JPEG, PNG or WebP image',
  );

  const marker = 'atelier-exif-marker GPS 40.7128N 74.0060W';
  const photo = await jpegWithExif(page, marker);
  expect(hasExif(photo)).toBe(true);
  await section.getByTestId('avatar-upload-picker-input').setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  // Held on its way to the server, so the progress bar can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/v1\/users\/\d+$/, async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await section.getByRole('button', { name: 'Upload' }).click();
  await expect(section.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  release();
  await expect(section.getByTestId('avatar-upload-done')).toHaveText('Uploaded me.jpg');
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  await page.unrouteAll();

  // The session user changed: the settings picture and the drawer's avatar show the new image.
  const src = await section.getByTestId('avatar-current').getAttribute('data-src');
  expect(src).toMatch(/^\/uploads\//);
  await expect(section.locator(`img[src="${src}"]`)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).locator(`img[src="${src}"]`),
  ).toBeVisible();

  const stored = await request.get(src as string);
  expect(stored.ok()).toBe(true);
  const body = await stored.body();
  expect(hasExif(body)).toBe(false);
  expect(body.includes(Buffer.from('atelier-exif-marker', 'latin1'))).toBe(false);

  // And it is the account's picture after a reload too.
  await page.reload();
  await expect(page.getByTestId('avatar-current')).toHaveAttribute('data-src', src as string);
});

test('changes the e-mail address through the link mailed to the new address', async ({
  page,
  request,
}) => {
  const account = await confirmedAccount(request, 'email');
  const newEmail = freshEmail('email-new');
  await openSignedIn(page, account, '/account_settings');
  const section = page.getByTestId('email-section');
  await expect(section.getByTestId('email-current')).toHaveText(`Your address: ${account.email}`);

  await section.getByRole('button', { name: 'Change e-mail address' }).click();
  expect(await messageOf(page, section.getByLabel(/^New e-mail address/))).toBe('Required');
  expect(await messageOf(page, section.getByLabel(/^Current password/))).toBe('Required');

  await section.getByLabel(/^New e-mail address/).fill(newEmail);
  await section.getByLabel(/^Current password/).fill('not my password');
  await section.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(section.getByText('The current password is not correct')).toBeVisible();

  await section.getByLabel(/^Current password/).fill(account.password);
  await section.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(section.getByTestId('email-pending')).toHaveText(
    `We sent a link to ${newEmail}. Your address changes when you open it.`,
  );
  // Nothing changes until the link is opened.
  await expect(section.getByTestId('email-current')).toHaveText(`Your address: ${account.email}`);

  const mail = await nextMail(request, newEmail, 'email_change_confirm');
  await page.goto(linkIn(mail, '/account_settings'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm Your New E-mail Address' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Use the new address' }).click();
  await expect(page.getByTestId('email-change-done')).toHaveText(
    `Your e-mail address is now ${newEmail}.`,
  );
  await page.getByRole('link', { name: 'Go to Account Settings' }).click();
  await expect(page.getByTestId('email-current')).toHaveText(`Your address: ${newEmail}`);
  // The old address is told.
  await nextMail(request, account.email, 'email_changed');
});

test('adds a child as a family member, with the form and server messages on the way', async ({
  page,
  request,
}) => {
  const account = await confirmedAccount(request, 'family');
  await openSignedIn(page, account, '/account_settings');
  const section = page.getByTestId('family-section');
  await expect(section.getByText('No family members yet.')).toBeVisible();

  await section.getByRole('button', { name: 'Add a family member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a family member' });
  const birthday = dialog.getByLabel(/^Birthday/);
  await expect(birthday).toHaveAttribute('min', '1900-01-01');
  await expect(birthday).toHaveAttribute('max', '2099-12-31');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await messageOf(page, dialog.getByLabel(/^Name/))).toBe('Required');
  expect(await messageOf(page, birthday)).toBe('Required');

  // Within the picker's range but in the future: the server's 422 is shown beside the date.
  await dialog.getByLabel(/^Name/).fill('Ada Junior');
  await birthday.fill('2098-06-01');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The birthday cannot be in the future')).toBeVisible();

  await birthday.fill('2016-05-20');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('family-member')).toHaveText(['Ada JuniorBorn May 20, 2016']);

  // Still there after a reload: it was stored.
  await page.reload();
  await expect(page.getByTestId('family-member')).toHaveText(['Ada JuniorBorn May 20, 2016']);
});
