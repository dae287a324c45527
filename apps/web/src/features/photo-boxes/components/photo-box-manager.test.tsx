import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import {
  BOX_TOKEN,
  boxListDocument,
  boxResource,
  buildBoxPhoto,
  calendarDocument,
} from '../photo-boxes-test-data';
import { PhotoBoxManager } from './photo-box-manager';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const HOUR = 3_600_000;
const teacher = { session: { status: 'loaded' as const, user: buildUser({ role: 'teacher' }) } };
const BOXES = 'GET /api/v1/photo_boxes';
const HELD = 'GET /api/v1/photo_boxes/held_photos';
const NONE_HELD = { data: { data: [] } };

describe('/photo_box', { timeout: 30_000 }, () => {
  it('opens a box for the coming session, closing an hour after it ends, then shows its link and QR code', async () => {
    // Sessions on whole hours, as the picker shows minutes: the next one starts within two hours.
    const start = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
    const klasses = [
      {
        id: '10',
        title: 'Observational Drawing',
        starts_at: new Date(start - 2 * 24 * HOUR).toISOString(),
        ends_at: new Date(start - 2 * 24 * HOUR + 2 * HOUR).toISOString(),
      },
      {
        id: '11',
        title: 'Observational Drawing',
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 2 * HOUR).toISOString(),
      },
    ];
    let boxes: ReturnType<typeof boxResource>[] = [];
    server = fakeApi({
      [HELD]: NONE_HELD,
      [BOXES]: () => ({ data: boxListDocument(boxes) }),
      'GET /api/v1/calendar/klasses': { data: calendarDocument(klasses) },
      'POST /api/v1/photo_boxes': () => {
        boxes = [boxResource('5')];
        return { status: 201, data: { data: boxes[0] } };
      },
    });
    const { user } = renderWithProviders(<PhotoBoxManager />, { preloadedState: teacher });
    expect(await screen.findByText('No photo boxes yet.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Open a photo box' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a photo box' });
    const klass = within(dialog).getByRole('combobox', { name: /Class session/ });
    await waitFor(() => expect(klass).toHaveValue('11'));
    const calendar = server.requests.find((r) => r.url === '/api/v1/calendar/klasses');
    // The last 7 days through the coming weeks.
    expect(Date.now() - Date.parse(String(calendar?.params.from))).toBeGreaterThan(
      7 * 24 * HOUR - HOUR,
    );
    expect(Date.parse(String(calendar?.params.to))).toBeGreaterThan(Date.now() + 7 * 24 * HOUR);

    await user.click(within(dialog).getByRole('button', { name: 'Open the photo box' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = server.requests.find((r) => r.method === 'POST');
    const body = post?.body as { photo_box: { klass_id: string; closes_at: string } };
    expect(body.photo_box.klass_id).toBe('11');
    // Sent as an instant with the teacher's offset (New York), an hour after the session ends.
    expect(body.photo_box.closes_at).toMatch(/-0[45]:00$/);
    expect(Date.parse(body.photo_box.closes_at)).toBe(start + 3 * HOUR);

    const link = await screen.findByRole('textbox', { name: 'Upload link' });
    expect(link).toHaveValue(`${window.location.origin}/app/photo_upload?box=${BOX_TOKEN}`);
    const qr = await screen.findByRole('img', { name: /QR code of the upload link/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(screen.getByText(/^Open until /)).toBeVisible();
  });

  it('refuses a closing time beyond the longest a box stays open, before asking the server', async () => {
    const start = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
    server = fakeApi({
      [HELD]: NONE_HELD,
      [BOXES]: { data: boxListDocument([]) },
      'GET /api/v1/calendar/klasses': {
        data: calendarDocument([
          {
            id: '11',
            title: 'Comics',
            starts_at: new Date(start).toISOString(),
            ends_at: new Date(start + HOUR).toISOString(),
          },
        ]),
      },
    });
    const { user } = renderWithProviders(<PhotoBoxManager />, { preloadedState: teacher });
    await user.click(await screen.findByRole('button', { name: 'Open a photo box' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a photo box' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Class session/ })).toHaveValue('11'),
    );
    const closes = within(dialog).getByLabelText(/Closes at/);
    await user.clear(closes);
    await user.type(closes, '2099-01-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Open the photo box' }));
    expect(
      await within(dialog).findByText('A photo box stays open at most 72 hours'),
    ).toBeVisible();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('assigns a photo to several students of the session and discards another after asking', async () => {
    server = fakeApi({
      [HELD]: NONE_HELD,
      [BOXES]: {
        data: boxListDocument([
          boxResource('5', {
            photos: [
              buildBoxPhoto({ id: 'p1', created_at: '2030-05-04T15:10:00.000Z' }),
              buildBoxPhoto({
                id: 'p2',
                created_at: '2030-05-04T15:11:00.000Z',
                image: { ...buildBoxPhoto().image, status: 'pending', thumb_url: null, url: null },
              }),
            ],
          }),
        ]),
      },
      'POST /api/v1/photo_boxes/5/photos/p1/assign': { status: 201, data: null },
      'DELETE /api/v1/photo_boxes/5/photos/p2': { status: 204, data: null },
    });
    const { user, store } = renderWithProviders(<PhotoBoxManager />, { preloadedState: teacher });
    const students = await screen.findByRole('group', { name: 'Students in photo 1' });
    // A photo still being processed shows its placeholder and says so.
    expect(screen.getByRole('img', { name: /Photo 2, uploaded/ })).toHaveTextContent('Processing…');
    expect(screen.getByRole('img', { name: /Photo 1, uploaded/ })).toHaveAttribute(
      'src',
      '/media/signed/thumb.webp',
    );

    const assign = screen.getByRole('button', { name: 'Assign photo 1' });
    expect(assign).toBeDisabled();
    // A group photo: both children it shows, in the list's order whatever the clicks' order.
    await user.click(within(students).getByRole('checkbox', { name: 'Leo Park' }));
    await user.click(within(students).getByRole('checkbox', { name: 'Mia Kato' }));
    await user.click(assign);
    await waitFor(() =>
      expect(server?.requests.find((r) => r.method === 'POST')?.body).toEqual({
        attendee_profile_ids: ['31', '32'],
      }),
    );
    await waitFor(() =>
      expect(store.getState().snackbar.content).toBe(
        'The photo is now a post of Mia Kato, Leo Park.',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Discard photo 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard this photo?' });
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(server?.requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/p2'))).toBe(
        true,
      ),
    );
    await waitFor(() => expect(store.getState().snackbar.content).toBe('The photo was discarded.'));
  });

  it('closes a box now, and lists closed boxes collapsed below the open ones', async () => {
    const startedAt = Date.now();
    server = fakeApi({
      [HELD]: NONE_HELD,
      [BOXES]: {
        data: boxListDocument([
          boxResource('5'),
          boxResource('4', {
            open: false,
            closes_at: new Date(Date.now() - 24 * HOUR).toISOString(),
            photos: [buildBoxPhoto({ id: 'p9', status: 'assigned', attendee_profile_id: '32' })],
          }),
        ]),
      },
      'PATCH /api/v1/photo_boxes/5': () => ({ data: { data: boxResource('5', { open: false }) } }),
    });
    const { user } = renderWithProviders(<PhotoBoxManager />, { preloadedState: teacher });
    const closed = await screen.findByRole('button', { name: /Observational Drawing/ });
    expect(closed).toHaveAttribute('aria-expanded', 'false');
    await user.click(closed);
    expect(await screen.findByText('Assigned to Leo Park')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Close now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close this photo box?' });
    await user.click(within(confirm).getByRole('button', { name: 'Close now' }));
    await waitFor(() => expect(server?.requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = server.requests.find((r) => r.method === 'PATCH');
    if (!patch) throw new Error('no PATCH was sent');
    // "Now": between opening the page and this line (sent to the second).
    const closesAt = Date.parse(
      (patch.body as { photo_box: { closes_at: string } }).photo_box.closes_at,
    );
    expect(closesAt).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(closesAt).toBeLessThanOrEqual(Date.now());
  });

  it('lists held-back group photos: re-tags them and crops them by numbers', async () => {
    const held = {
      id: 'p7',
      type: 'held_photos',
      attributes: {
        photo_box_id: '5',
        post_id: '70',
        image: buildBoxPhoto().image,
        klass_group_name: 'Observational Drawing',
        starts_at: '2030-05-04T15:00:00.000Z',
        tagged: [
          { id: '31', name: 'Mia Kato', visibility: 'family' },
          { id: '32', name: 'Leo Park', visibility: 'public' },
        ],
        students: [
          { id: '31', name: 'Mia Kato' },
          { id: '32', name: 'Leo Park' },
        ],
      },
    };
    server = fakeApi({
      [HELD]: { data: { data: [held] } },
      [BOXES]: { data: boxListDocument([]) },
      'PUT /api/v1/photo_boxes/5/photos/p7/tags': { data: { data: boxResource('5') } },
      'POST /api/v1/photo_boxes/5/photos/p7/crop': { data: { data: boxResource('5') } },
    });
    const { user, store } = renderWithProviders(<PhotoBoxManager />, { preloadedState: teacher });
    const card = await screen.findByTestId('held-photo');
    expect(card).toHaveTextContent('Tagged: Mia Kato (family only), Leo Park (public)');
    const tags = within(card).getByRole('group', { name: 'Students in this photo' });
    await user.click(within(tags).getByRole('checkbox', { name: 'Mia Kato' }));
    await user.click(within(card).getByRole('button', { name: 'Save tags' }));
    await waitFor(() =>
      expect(server?.requests.find((r) => r.method === 'PUT')?.body).toEqual({
        attendee_profile_ids: ['32'],
      }),
    );
    await waitFor(() => expect(store.getState().snackbar.content).toBe('The tags were saved.'));

    const width = within(card).getByRole('spinbutton', { name: 'Width' });
    expect(width).toHaveValue(1600);
    await user.clear(width);
    await user.type(width, '800');
    await user.clear(within(card).getByRole('spinbutton', { name: 'Left' }));
    await user.type(within(card).getByRole('spinbutton', { name: 'Left' }), '100');
    await user.click(within(card).getByRole('button', { name: 'Crop' }));
    await waitFor(() =>
      expect(server?.requests.find((r) => r.url.endsWith('/crop'))?.body).toEqual({
        crop: { x: 100, y: 0, width: 800, height: 1200 },
      }),
    );
  });
});
