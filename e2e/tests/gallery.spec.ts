import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { APP, type DemoRole, expect, signInAs, test } from '../fixtures';
import { apiToken, bearer, chooseOption } from '../helpers';

// The gallery and the photo box, end to end in Chromium against the real server, its image
// worker pool and its signed image URLs (docs/product.md#gallery, #photo-box,
// #childrens-privacy): a teacher opens a photo box, a signed-out phone uploads two photos through
// its link, the teacher gives them to a child, the family sees the posts and the teacher's
// feedback, and another family sees the child only as "Mia K." and never a private post.

type Resource = { id: string; attributes: Record<string, unknown> };

/** Renames the parent's children to a family name, so outsiders see "Mia K.": returns their ids. */
async function nameTheChildren(request: APIRequestContext): Promise<{ mia: string; leo: string }> {
  const jwt = await apiToken(request, 'parent');
  const me = await request.get('/api/v1/users/me', { headers: bearer(jwt) });
  const userId = ((await me.json()) as { data: { id: string } }).data.id;
  const list = await request.get(`/api/v1/users/${userId}/attendee_profiles`, {
    headers: bearer(jwt),
  });
  const { data } = (await list.json()) as { data: Resource[] };
  const ids: Record<string, string> = {};
  for (const [from, to, key] of [
    ['Mia Parent', 'Mia Kato', 'mia'],
    ['Leo Parent', 'Leo Kato', 'leo'],
  ] as const) {
    const member = data.find((p) => p.attributes.name === from || p.attributes.name === to);
    if (!member) throw new Error(`no family member ${from}`);
    const renamed = await request.put(`/api/v1/users/${userId}/attendee_profiles/${member.id}`, {
      headers: bearer(jwt),
      data: { attendee_profile: { name: to } },
    });
    expect(renamed.status()).toBe(200);
    ids[key] = member.id;
  }
  return { mia: ids.mia as string, leo: ids.leo as string };
}

/** A phone photo of a drawing: a JPEG that carries a GPS position, as phones write them. */
async function phonePhoto(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#2b353a"/></svg>',
        ),
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 0/1' },
    })
    .toBuffer();
}

async function signedInPage(browser: Browser, role: DemoRole, watch: (p: Page) => void) {
  const context = await browser.newContext();
  const page = await context.newPage();
  watch(page);
  await signInAs(page, role);
  return page;
}

test('a photo box link brings a class’s artwork to the family, with feedback and privacy', async ({
  page,
  browser,
  request,
  a11yWatch,
  checkA11y,
}) => {
  test.slow();
  const children = await nameTheChildren(request);

  // The teacher opens a photo box for a session of Mia's class.
  await signInAs(page, 'teacher');
  await page.goto(`${APP}/photo_box`);
  await page.getByRole('button', { name: 'Open a photo box' }).click();
  const openDialog = page.getByRole('dialog', { name: 'Open a photo box' });
  const klass = openDialog.getByLabel('Class session');
  // The teacher's sessions load into the select once the dialog is open.
  await expect
    .poll(async () => (await klass.locator('option').allTextContents()).join(' | '))
    .toContain('Observational Drawing');
  const options = await klass.locator('option').allTextContents();
  const observational = options.find((o) => o.includes('Observational Drawing'));
  if (!observational) throw new Error(`no Observational Drawing session in ${options.join(' | ')}`);
  await klass.selectOption({ label: observational });
  await openDialog.getByRole('button', { name: 'Open the photo box' }).click();
  await expect(openDialog).toBeHidden();
  // The demo teacher has another box open already, for their next session, which may be of
  // Observational Drawing too (on a Friday): this box is the one of the session chosen, by its time.
  const when = observational.slice(observational.indexOf(' · ') + ' · '.length);
  const box = page
    .getByRole('heading', { level: 3, name: /^Observational Drawing/ })
    .filter({ hasText: when })
    .locator('xpath=..');
  await expect(box.getByTestId('photo-box')).toHaveCount(1);
  const link = await box.getByRole('textbox', { name: 'Upload link' }).inputValue();
  expect(link).toMatch(/\/app\/photo_upload\?box=[A-Za-z0-9_-]{32}$/);
  await expect(box.getByRole('img', { name: /^QR code of the upload link/ })).toBeVisible();

  // A signed-out phone uploads two photos through the link, one after the other.
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  a11yWatch(phone);
  await phone.goto(link);
  await expect(phone.getByRole('button', { name: 'Choose photos' })).toBeVisible();
  await phone.locator('[data-testid=photo-upload-choose-input]').setInputFiles([
    { name: 'sunflowers.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#f5c542') },
    { name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#4287f5') },
  ]);
  const rows = phone.locator('[data-testid=photo-upload-item]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(rows.nth(1)).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await checkA11y('photo upload on a phone', phone);

  // The teacher sees both uploads and gives each to Mia: each becomes her post.
  await expect(box.locator('[data-testid=box-photo]')).toHaveCount(2, { timeout: 20_000 });
  for (const n of [1, 2]) {
    await box
      .getByRole('group', { name: `Students in photo ${n}` })
      .getByRole('checkbox', { name: 'Mia Kato' })
      .check();
    await box.getByRole('button', { name: `Assign photo ${n}` }).click();
    await expect(box.getByText('Assigned to Mia Kato')).toHaveCount(n);
  }

  // The parent finds Mia's two posts in My Gallery, processed, her name in full.
  const parent = await signedInPage(browser, 'parent', a11yWatch);
  await parent.goto(`${APP}/gallery/my_gallery`);
  const miaCards = parent
    .locator('[data-testid=gallery-post-card]')
    .filter({ has: parent.getByRole('link', { name: 'Mia Kato' }) });
  // Newest first: the two photos just assigned lead the page (the demo gallery has older ones).
  await expect.poll(() => miaCards.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect(parent.locator('[data-testid=gallery-post-processing]')).toHaveCount(0, {
    timeout: 30_000,
  });
  const postId = await miaCards.first().getAttribute('data-post-id');
  expect(postId).toBeTruthy();
  // No image answers without its signature: artwork is never at a guessable public URL.
  const image = miaCards.first().locator('img').first();
  const src = (await image.getAttribute('src')) ?? '';
  expect(src).toMatch(/[?&]s=/);
  const unsigned = await request.get(src.replace(/\?.*$/, ''));
  expect(unsigned.status()).toBe(403);

  // The teacher leaves feedback on the first post, from the posts awaiting it.
  await page.goto(`${APP}/gallery/feedback`);
  await page.getByRole('tab', { name: 'Awaiting feedback' }).click();
  await page
    .locator(`[data-testid=gallery-post-card][data-post-id="${postId}"]`)
    .getByTestId('gallery-post-open')
    .click();
  const teacherDialog = page.getByTestId('gallery-post-dialog');
  await teacherDialog
    .getByLabel('Your feedback')
    .fill('Lovely strong shapes. Try a darker outline next time.');
  await teacherDialog.getByRole('button', { name: 'Give feedback' }).click();
  await expect(teacherDialog.getByTestId('gallery-feedback')).toContainText('Lovely strong shapes');

  // The parent sees it on the feedback page, apart from the comments.
  await parent.goto(`${APP}/gallery/feedback`);
  await parent
    .locator(`[data-testid=gallery-post-card][data-post-id="${postId}"]`)
    .getByTestId('gallery-post-open')
    .click();
  const parentDialog = parent.getByTestId('gallery-post-dialog');
  await expect(
    parentDialog.getByRole('article', { name: 'Feedback from Theo Teacher' }),
  ).toContainText('Lovely strong shapes');
  await checkA11y('post with feedback', parent);
  await parent.keyboard.press('Escape');

  // The parent shares Mia's work with the public student gallery and keeps Leo's private.
  await parent.goto(`${APP}/account_settings`);
  await parent.getByRole('button', { name: 'Edit Mia Kato' }).click();
  await chooseOption(parent, "Who sees Mia Kato's artwork", 'Also the public student gallery');
  await parent.getByTestId('family-member-save').click();
  await expect(parent.getByTestId('family-member-save')).toBeHidden();

  // Leo's artwork, posted by the family itself, stays with the family and the teachers.
  await parent.goto(`${APP}/gallery/my_gallery`);
  await parent.getByTestId('gallery-new-post').click();
  const newPost = parent.getByTestId('gallery-new-post-dialog');
  await chooseOption(parent, 'Family member', 'Leo Kato', newPost);
  await newPost
    .getByTestId('gallery-new-post-images-input')
    .setInputFiles([
      { name: 'leo.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#c542f5') },
    ]);
  await newPost.getByLabel('Caption').fill('My dinosaur');
  await newPost.getByTestId('gallery-new-post-submit').click();
  await expect(parent).toHaveURL(/[?&]post=\d+/);
  const leoPostId = new URL(parent.url()).searchParams.get('post');

  // Another family sees Mia as "Mia K." and cannot open Leo's private post.
  const other = await signedInPage(browser, 'student', a11yWatch);
  await other.goto(`${APP}/gallery/student/${children.mia}`);
  await expect(other.getByTestId('gallery-student-name')).toContainText('Mia K.');
  await expect(
    other.locator(`[data-testid=gallery-post-card][data-post-id="${postId}"]`),
  ).toBeVisible();
  await expect(other.getByText('Mia Kato')).toHaveCount(0);
  await other.goto(`${APP}/gallery/my_gallery?post=${leoPostId}`);
  await expect(other.getByText('This post is not available.')).toBeVisible();
  await expect(other.getByText('My dinosaur')).toHaveCount(0);
  const direct = await request.get(`/api/v1/posts/${leoPostId}`, {
    headers: bearer(await apiToken(request, 'student')),
  });
  expect(direct.status()).toBe(404);
});
