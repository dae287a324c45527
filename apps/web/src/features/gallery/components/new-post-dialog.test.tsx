import { type CalendarKlassAttributes, document, resource } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { buildUser } from '../../../testing/builders';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, type FakeRoutes, fakeApi } from '../../../testing/fake-api';
import { FakeIntersectionObserver } from '../../../testing/fake-intersection-observer';
import { fill, sentForm, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { buildPost, postDocument, postListDocument } from '../gallery-test-builders';
import { MyGalleryPage } from './gallery-pages';

let server: FakeApi;
beforeEach(() => FakeIntersectionObserver.install());
afterEach(() => server.restore());

const family = buildUser({ id: '7', role: 'student', timezone: 'America/New_York' });
/** A family's attendee profile as GET /users/{id}/attendee_profiles lists it. */
const member = (id: string, name: string) =>
  resource(
    'attendee_profiles',
    id,
    {
      name,
      birthday: '2016-05-01',
      is_account_holder: false,
      gallery_visibility: 'family',
      comments_need_approval: true,
      emergency_contacts: [],
      allergies: '',
      medical_notes: '',
      authorised_pickups: [],
    },
    { user: { id: '7', type: 'users' } },
  );
const members = document([member('11', 'Mia Kim'), member('12', 'Leo Kim')], {
  meta: { total: 2, page: 1, per_page: 20 },
});

function klass(id: string, names: string[], startsAt: string) {
  return resource(
    'klasses',
    id,
    {
      klass_group_id: '1',
      klass_group_schedule_id: '5',
      starts_at: startsAt,
      ends_at: startsAt,
      status: 'scheduled',
      title: 'Observational Drawing',
      schedule_name: 'Spring',
      format: 'in_person',
      location: null,
      meeting_url: null,
      teacher_name: 'Ms Rivera',
      attendee_names: names,
      time_zone: 'America/New_York',
    } satisfies CalendarKlassAttributes,
    {
      klass_group: { id: '1', type: 'klass_groups' },
      klass_group_schedule: { id: '5', type: 'klass_group_schedules' },
    },
  );
}

const programme = resource('klass_groups', '1', {
  name: 'Observational Drawing',
  slug: 'observational-drawing',
  description: '',
  audience: 'kids',
  format: 'in_person',
  location: null,
  min_age: null,
  max_age: null,
  trial_price: null,
  image_url: null,
  thumb_url: null,
});

const klasses = document(
  [
    klass('31', ['Mia Kim'], '2026-03-14T14:00:00.000Z'),
    klass('32', ['Leo Kim'], '2026-03-15T14:00:00.000Z'),
  ],
  { included: [programme], meta: { total: 2 } },
);

const created = buildPost({
  id: '99',
  student: { id: '11', name: 'Mia Kim', visibility: 'family' },
});

function renderPage(routes: FakeRoutes = {}) {
  server = fakeApi({
    'GET /api/v1/posts': { data: postListDocument([]) },
    'GET /api/v1/users/7/attendee_profiles': { data: members },
    'GET /api/v1/calendar/klasses': { data: klasses },
    'GET /api/v1/posts/99': { data: postDocument(created) },
    'GET /api/v1/posts/99/comments': { data: { data: [] } },
    ...routes,
  });
  return renderWithProviders(<MyGalleryPage />, {
    preloadedState: { session: { status: 'loaded', user: family } },
    route: '/gallery/my_gallery',
  });
}

const png = (name: string, bytes = 1000) => {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

async function openDialog(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New post' }));
  return within(await screen.findByRole('dialog', { name: 'Post artwork' }));
}

const imagesInput = () => screen.getByTestId('gallery-new-post-images-input');

describe('new post (docs/product.md#gallery)', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('checks the images before sending: at least one, at most ten, 10 MB each', async () => {
    const { user } = renderPage();
    const dialog = await openDialog(user);
    expect(imagesInput()).toHaveAttribute('accept', 'image/*');
    expect(imagesInput()).toHaveAttribute('multiple');
    await user.click(dialog.getByRole('button', { name: 'Post' }));
    expect(await dialog.findByText('Add at least one image')).toBeVisible();
    expect(dialog.getByText('Required')).toBeVisible();

    await user.upload(
      imagesInput(),
      Array.from({ length: 11 }, (_, i) => png(`p${i}.png`)),
    );
    expect(await dialog.findByText('Add at most 10 images')).toBeVisible();

    await user.upload(imagesInput(), [png('big.png', 10 * 1024 * 1024 + 1)]);
    expect(await dialog.findByText('Each photo must be at most 10 MB')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Post' }));
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('sends the chosen student, images, caption and session, showing the upload progress', async () => {
    const { user } = renderPage({
      'POST /api/v1/posts': { status: 201, data: postDocument(created) },
    });
    // The fake server reports half the upload sent, then waits until the test lets it finish.
    const fake = apiClient.defaults.adapter;
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    apiClient.defaults.adapter = async (config) => {
      if (config.method === 'POST') {
        config.onUploadProgress?.({ loaded: 50, total: 100 });
        await finished;
      }
      return fake(config);
    };

    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('combobox', { name: /Family member/ }));
    await user.click(await screen.findByRole('option', { name: 'Mia Kim' }));
    await user.upload(imagesInput(), [png('pears.png'), png('bowl.png')]);
    expect(dialog.getByText('pears.png, bowl.png')).toBeVisible();
    await fill(user, dialog.getByRole('textbox', { name: 'Caption' }), 'Pears in a bowl');
    // Only Mia's sessions are offered.
    await user.click(dialog.getByRole('combobox', { name: 'Made in class (optional)' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Not in a class',
      'Observational Drawing · Mar 14, 2026',
    ]);
    await user.click(options[1] as HTMLElement);
    await user.click(dialog.getByRole('button', { name: 'Post' }));

    expect(await dialog.findByText('Uploading… 50%')).toBeVisible();
    expect(dialog.getByRole('progressbar', { name: 'Uploading' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    finish();
    // The new post opens in its dialog.
    expect(await screen.findByRole('dialog', { name: "Mia Kim's artwork" })).toBeVisible();
    const request = server.requests.find((r) => r.method === 'POST');
    const form = sentForm(request);
    expect(form.get('attendee_profile_id')).toBe('11');
    expect(form.get('caption')).toBe('Pears in a bowl');
    expect(form.get('klass_id')).toBe('31');
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['pears.png', 'bowl.png']);
    // Large files take longer than the 7 s an answer gets.
    expect(request?.timeout).toBeGreaterThan(7000);

    expect(screen.queryByRole('dialog', { name: 'Post artwork' })).toBeNull();
  });

  it("shows the server's field messages on the fields", async () => {
    const { user } = renderPage({
      'POST /api/v1/posts': invalid({
        klass_id: 'Choose a session this student is enrolled in',
        images: 'Each photo must be at most 10 MB',
      }),
    });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('combobox', { name: /Family member/ }));
    await user.click(await screen.findByRole('option', { name: 'Leo Kim' }));
    await user.upload(imagesInput(), [png('a.png')]);
    await user.click(dialog.getByRole('button', { name: 'Post' }));
    expect(await dialog.findByText('Choose a session this student is enrolled in')).toBeVisible();
    expect(dialog.getByText('Each photo must be at most 10 MB')).toBeVisible();
    expect(dialog.queryByRole('progressbar')).toBeNull();
  });

  it('offers "New post" to families only', async () => {
    server = fakeApi({ 'GET /api/v1/posts': { data: postListDocument([]) } });
    renderWithProviders(<MyGalleryPage />, {
      preloadedState: {
        session: { status: 'loaded', user: buildUser({ id: '3', role: 'teacher' }) },
      },
    });
    expect(await screen.findByRole('heading', { name: 'My Gallery' })).toBeVisible();
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'New post' })).toBeNull();
  });
});
