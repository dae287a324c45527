import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { APP, demoAccount, expect, signInAs, test } from '../fixtures';
import {
  apiToken,
  bearer,
  chooseOption,
  fillDeskContact,
  registerFamily,
  scheduleOf,
  walkInBookingDialog,
} from '../helpers';
import { freshEmail } from '../mail';

// Agreements (docs/product.md#agreements, docs/decisions/070-agreements.md): an admin publishes a
// waiver and a per-child media release, both required before booking; a parent signs both inline
// at checkout and books; the parent withdraws the media release in Account settings and the public
// student gallery no longer shows the child's work. The agreements are retired at the end, so the
// rest of this worker's specs book and see the gallery as before.

const stamp = Date.now().toString(36);
const WAIVER = `Studio waiver ${stamp}`;
const RELEASE = `Media release ${stamp}`;
const CHILD = `Zora Quill${stamp.replace(/[0-9]/g, '')}`;

/** Creates and publishes an agreement through /manage_agreements. */
async function publishThroughPage(page: Page, title: string, kind: string, body: string) {
  await page.getByRole('button', { name: 'New agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New agreement' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog.getByLabel('Kind').click();
  await page.getByRole('option', { name: kind }).click();
  await dialog.getByLabel('Required before booking').check();
  await dialog.getByRole('button', { name: 'New agreement' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Publish a new version of ${title}` }).click();
  const version = page.getByRole('dialog', { name: `New version of ${title}` });
  await version.getByRole('textbox', { name: 'Text' }).fill(body);
  await version.getByRole('button', { name: 'Publish version' }).click();
  await expect(version).toBeHidden();
  await expect(
    page.locator(`[data-testid=agreement-row][data-title="${title}"]`).getByText('Version 1'),
  ).toBeVisible();
}

async function retireAll(request: APIRequestContext) {
  const admin = await apiToken(request, 'admin');
  const list = await request.get('/api/v2/admin/agreements', { headers: bearer(admin) });
  const { data } = (await list.json()) as { data: { id: string; title: string }[] };
  for (const agreement of data.filter((a) => a.title.endsWith(stamp))) {
    await request.delete(`/api/v2/admin/agreements/${agreement.id}`, { headers: bearer(admin) });
  }
}

// Whatever the test's outcome, its agreements stop asking anything of this worker's other specs.
test.afterEach(async ({ request }) => retireAll(request));

test('a parent signs a waiver and a media release at checkout, books, then withdraws the release and the child leaves the public gallery', async ({
  page,
  request,
}) => {
  test.slow();
  // The admin publishes both.
  await signInAs(page, 'admin');
  await page.goto(`${APP}/manage_agreements`);
  await publishThroughPage(page, WAIVER, 'Waiver', 'I accept the risks of working with tools.');
  await publishThroughPage(
    page,
    RELEASE,
    'Media release',
    "The school may show my child's artwork beyond our family.",
  );

  // A family with a child and that child in the cart.
  const family = await registerFamily(request, {
    name: `Quinn Quill ${stamp}`,
    email: freshEmail(`agreements-${stamp}`),
    password: `agreements ${stamp} long enough 1!`,
    child: CHILD,
  });
  const { scheduleId, planId } = await scheduleOf(request, 'comics-drawing', 'Current term');
  const carted = await request.post('/api/v2/cart_items', {
    headers: bearer(family.jwt),
    data: {
      cart_item: {
        klass_group_schedule_id: scheduleId,
        plan_id: planId,
        number_of_attendees: 1,
        attendee_profile_ids: [family.childId],
        addon_ids: [],
        coupon_code: null,
      },
    },
  });
  expect([200, 201]).toContain(carted.status());

  // The parent signs both at checkout, then books and pays.
  await page.goto(`${APP}/404`);
  await page.evaluate((jwt) => localStorage.setItem('jwt', jwt), family.jwt);
  await page.goto(`${APP}/checkout`);
  const due = page.getByTestId('due-agreements');
  await expect(
    due.getByRole('heading', { name: 'Agreements to sign before booking' }),
  ).toBeVisible();
  for (const heading of [WAIVER, `${RELEASE} — ${CHILD}`]) {
    const form = due.getByRole('form', { name: heading });
    await expect(form.getByText(/^(I accept|The school may)/)).toBeVisible();
    await form.getByRole('textbox', { name: 'Your full name' }).fill(`Quinn Quill ${stamp}`);
    await form.getByLabel('I agree').check();
    await form.getByRole('button', { name: 'Sign' }).click();
    await expect(form).toBeHidden();
  }
  await expect(due).toBeHidden();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/checkout\\?order=\\d+`));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/checkout/complete`));

  // With the release signed, the family shares the child's work publicly and posts a picture.
  const shared = await request.put(
    `/api/v1/users/${family.userId}/attendee_profiles/${family.childId}`,
    {
      headers: bearer(family.jwt),
      data: { attendee_profile: { gallery_visibility: 'public' } },
    },
  );
  expect(shared.status()).toBe(200);
  const picture = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#3a7bd5' },
  })
    .jpeg()
    .toBuffer();
  const posted = await request.post('/api/v1/posts', {
    headers: bearer(family.jwt),
    multipart: {
      attendee_profile_id: family.childId,
      caption: 'Harbour at dusk',
      images: { name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: picture },
    },
  });
  expect(posted.status()).toBe(201);
  const publicName = `${CHILD.split(' ')[0]} Q.`;
  await expect(async () => {
    const galleryPage = await request.get('/student-gallery');
    expect(await galleryPage.text()).toContain(publicName);
  }).toPass({ timeout: 30_000 });
  await page.goto('/student-gallery');
  await expect(page.getByText(publicName).first()).toBeVisible();

  // The parent withdraws the media release in Account settings.
  await page.goto(`${APP}/account_settings`);
  const agreements = page.getByTestId('account-agreements');
  await agreements.getByRole('button', { name: `Withdraw ${RELEASE} — ${CHILD}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(
    agreements.locator(`[data-agreement="${RELEASE}"]`).getByText('To sign'),
  ).toBeVisible();

  // The public student gallery no longer shows the child's work.
  await page.goto('/student-gallery');
  await expect(page.getByText(publicName)).toHaveCount(0);
});

test('the desk records a walk-in’s waiver signed on paper before booking, and the signatures list says so', async ({
  page,
  request,
}) => {
  test.slow();
  const title = `Desk waiver ${stamp}`;
  const name = `Pat Paper ${stamp}`;
  const admin = await apiToken(request, 'admin');
  const created = await request.post('/api/v2/admin/agreements', {
    headers: bearer(admin),
    data: { title, kind: 'waiver', per_child: true, required_before_booking: true },
  });
  expect(created.status()).toBe(201);
  const agreementId = ((await created.json()) as { data: { id: string } }).data.id;
  const published = await request.post(`/api/v2/admin/agreements/${agreementId}/versions`, {
    headers: bearer(admin),
    data: { body: 'I accept the risks of working with tools.' },
  });
  expect(published.status()).toBe(201);
  const dialog = await walkInBookingDialog(page, request, name);
  await chooseOption(page, 'Programme', 'Drawing Lab', dialog);
  await chooseOption(page, 'Schedule', /^Current term/, dialog);
  await chooseOption(page, 'Plan', 'Online class', dialog);
  await dialog.getByRole('textbox', { name: 'New attendee’s name' }).fill(`${name} Jr`);
  await fillDeskContact(dialog, `${name} Jr`);
  await dialog.getByRole('radio', { name: 'Cash' }).check();
  const paper = dialog.getByRole('group', { name: 'Agreements signed on paper' });
  await expect(paper.getByRole('textbox', { name: /^Signed by/ })).toHaveValue(name);

  // Not ticked: nothing is booked, and the waiver is marked as needed.
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(
    paper.getByText('Needed before booking: tick it once signed on paper'),
  ).toBeVisible();
  await paper.getByRole('checkbox', { name: `${title} (for each child booked)` }).check();
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText(new RegExp(`^The class is booked for ${name}\\.`))).toBeVisible();
  await expect(dialog).toBeHidden();

  // The walk-in's details say it is on record for the child.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const details = page.getByTestId('guest-customer-dialog');
  await expect(
    details
      .getByTestId('walk-in-agreements-on-record')
      .getByText(`${title} for ${name} Jr: signed on paper`),
  ).toBeVisible();
  await details.getByRole('button', { name: 'Cancel' }).click();

  // Staff see the paper signature for the child, and who recorded it.
  await page.goto(`${APP}/manage_agreements`);
  await page.getByRole('button', { name: `Signatures of ${title}` }).click();
  const signatures = page.getByTestId('agreement-signatures-dialog');
  await expect(signatures.getByText(`${name} (walk-in)`)).toBeVisible();
  await expect(signatures.getByText(`${name} Jr`)).toBeVisible();
  await expect(
    signatures.getByText(`On paper, recorded by ${demoAccount('admin').name}`),
  ).toBeVisible();
});
