import {
  CLASSES_API,
  calendarDocumentSchema,
  calendarKlassFlatSchema,
  GALLERY_API,
  PHOTO_BOXES_API,
  parseDocument,
} from '@atelier/contract';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { z } from 'zod';
import { APP, expect, HOME_URL, signInAs, test } from '../fixtures';
import { addSchedule, apiToken, bearer, placeOrder, registerFamily } from '../helpers';
import { freshEmail } from '../mail';

// Group photos (docs/decisions/073-group-photos.md), end to end: a teacher tags one photo-box
// photo with two children of the session; both families find it in their gallery; a guest does
// not see it in the public student gallery, because one of the two families keeps its child's
// work in the family (the strictest consent wins).

type Family = { email: string; password: string; child: string; jwt: string; childId: string };

/** A new family with one child, booked and paid into the schedule of `session`. */
async function familyInSession(
  request: APIRequestContext,
  tag: string,
  child: string,
  session: { slug: string; schedule: string },
): Promise<Family> {
  const email = freshEmail(tag);
  const password = `${tag} long enough 1!`;
  const { jwt, childId } = await registerFamily(request, {
    name: `${tag} family`,
    email,
    password,
    child,
  });
  await placeOrder(request, jwt, { ...session, attendee: child }, true);
  return { email, password, child, jwt, childId };
}

async function signInWith(browser: Browser, family: Family, watch: (p: Page) => void) {
  const page = await (await browser.newContext()).newPage();
  watch(page);
  await page.goto(`${APP}/login`);
  await page.getByLabel('E-mail').fill(family.email);
  await page.getByLabel(/^Password/).fill(family.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(HOME_URL);
  return page;
}

test('a teacher tags one photo with two children: both families see it, a guest does not', async ({
  page,
  browser,
  request,
  a11yWatch,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const teacher = await apiToken(request, 'teacher');

  // A class of the demo teacher's for this test alone, and its first session.
  const where = { slug: 'observational-drawing', schedule: `Group photos ${stamp}` };
  const { scheduleId } = await addSchedule(request, where.slug, where.schedule);
  const from = new Date(Date.now() + 3_600_000).toISOString();
  const to = new Date(Date.now() + 60 * 86_400_000).toISOString();
  const calendar = await request.get(CLASSES_API.calendarKlasses, {
    headers: bearer(teacher),
    params: { from, to },
  });
  const raw: unknown = await calendar.json();
  calendarDocumentSchema.parse(raw);
  const sessions = parseDocument(z.array(calendarKlassFlatSchema), raw);
  const session = sessions.find((k) => k.klass_group_schedule.id === scheduleId);
  if (!session) throw new Error(`no session of ${where.schedule} ahead`);

  // Two families of that class: Ava's shows her work to everyone, Bo's keeps his in the family.
  const ava = await familyInSession(request, `ava-${stamp}`, `Ava Group${stamp}`, where);
  const bo = await familyInSession(request, `bo-${stamp}`, `Bo Group${stamp}`, where);
  const avaMe = await request.get('/api/v1/users/me', { headers: bearer(ava.jwt) });
  const avaUser = ((await avaMe.json()) as { data: { id: string } }).data.id;
  const shared = await request.put(`/api/v1/users/${avaUser}/attendee_profiles/${ava.childId}`, {
    headers: bearer(ava.jwt),
    data: { attendee_profile: { gallery_visibility: 'public' } },
  });
  expect(shared.status()).toBe(200);

  // The teacher opens a photo box for the session; a phone uploads one photo through its link.
  const opened = await request.post(PHOTO_BOXES_API.boxes, {
    headers: bearer(teacher),
    data: {
      photo_box: {
        klass_id: session.id,
        closes_at: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      },
    },
  });
  expect(opened.status()).toBe(201);
  const box = ((await opened.json()) as { data: { id: string; attributes: { token: string } } })
    .data;
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#e07a5f' },
  })
    .jpeg()
    .toBuffer();
  const uploaded = await request.post(PHOTO_BOXES_API.upload(box.attributes.token), {
    multipart: { photo: { name: 'group.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status()).toBe(201);
  const photoId = ((await uploaded.json()) as { data: { id: string } }).data.id;

  // On /photo_box the teacher ticks both children the photo shows, and assigns it.
  await signInAs(page, 'teacher');
  await page.goto(`${APP}/photo_box`);
  const tile = page.locator(`[data-testid=box-photo][data-photo-id="${photoId}"]`);
  await expect(tile).toBeVisible({ timeout: 20_000 });
  await tile.getByRole('checkbox', { name: ava.child }).check();
  await tile.getByRole('checkbox', { name: bo.child }).check();
  await tile.getByRole('button', { name: /^Assign photo/ }).click();
  await expect(tile.getByTestId('box-photo-assigned')).toContainText(ava.child);
  await expect(tile.getByTestId('box-photo-assigned')).toContainText(bo.child);
  // Bo's family keeps his work in the family: staff see the photo held back.
  await expect(tile.getByTestId('box-photo-held-back')).toBeVisible();
  const held = page.getByTestId('held-photo').filter({ hasText: bo.child });
  await expect(held.first()).toBeVisible();

  // Both families find it in their own gallery.
  const mine = await request.get(`${GALLERY_API.posts}?scope=mine`, { headers: bearer(ava.jwt) });
  const postId = ((await mine.json()) as { data: { id: string }[] }).data[0]?.id ?? '';
  expect(postId).not.toBe('');
  for (const family of [ava, bo]) {
    const familyPage = await signInWith(browser, family, a11yWatch);
    await familyPage.goto(`${APP}/gallery/my_gallery`);
    await expect(
      familyPage.locator(`[data-testid=gallery-post-card][data-post-id="${postId}"]`),
    ).toBeVisible({ timeout: 20_000 });
  }

  // No one tagged family changes what the other sees: the teacher captions it. A guest never sees
  // it: not by its address, not in the public student gallery (once its picture is processed).
  const caption = { data: { post: { caption: `Group ${stamp}` } } };
  const byFamily = await request.patch(GALLERY_API.post(postId), {
    headers: bearer(ava.jwt),
    ...caption,
  });
  expect(byFamily.status()).toBe(403);
  const captioned = await request.patch(GALLERY_API.post(postId), {
    headers: bearer(await apiToken(request, 'teacher')),
    ...caption,
  });
  expect(captioned.status()).toBe(200);
  const boSees = await request.get(GALLERY_API.post(postId), { headers: bearer(bo.jwt) });
  expect(boSees.status()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await request.get(GALLERY_API.post(postId), { headers: bearer(ava.jwt) });
        return ((await res.json()) as { data: { attributes: { processing: boolean } } }).data
          .attributes.processing;
      },
      { timeout: 30_000 },
    )
    .toBe(false);
  expect((await request.get(GALLERY_API.post(postId))).status()).toBe(404);
  const guest = await (await browser.newContext()).newPage();
  a11yWatch(guest);
  await guest.goto('/student-gallery');
  await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(guest.getByText(`Group ${stamp}`)).toHaveCount(0);
});
