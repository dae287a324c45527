import {
  errorDocument,
  PHOTO_BOX_DEVICE_HEADER,
  PHOTO_BOX_DEVICE_ID_PATTERN,
  STORAGE_KEYS,
} from '@atelier/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { type FakeApi, type FakeRoutes, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { BOX_TOKEN, publicBoxDocument } from '../photo-boxes-test-data';
import { PhotoUploadPage } from './photo-upload-page';

configure({ asyncUtilTimeout: 5000 });

const INFO = `GET /api/v1/photo_boxes/${BOX_TOKEN}`;
const UPLOAD = `POST /api/v1/photo_boxes/${BOX_TOKEN}/photos`;
const signedOut = { session: { status: 'loaded' as const, user: null } };

let server: FakeApi | undefined;
let restoreAdapter: (() => void) | undefined;
afterEach(() => {
  restoreAdapter?.();
  restoreAdapter = undefined;
  server?.restore();
  server = undefined;
});

const uploaded = (id: string) => ({
  status: 201,
  data: {
    data: {
      id,
      type: 'photo_box_photos',
      attributes: { status: 'waiting', created_at: new Date().toISOString() },
    },
  },
});

function photo(name: string, type = 'image/jpeg'): File {
  return new File(['pixels'], name, { type });
}

/** The transport as the fake server's, with the upload progress events a browser would report. */
type Adapter = (config: {
  url: string;
  method: string;
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
}) => Promise<unknown>;

/**
 * Holds each upload after it reported half its bytes until the test lets it finish, so the test
 * sees one upload at a time with its progress.
 */
function holdUploads(routes: FakeRoutes) {
  server = fakeApi(routes);
  // The adapter's type differs between transports; only url, method and onUploadProgress are used.
  const inner = apiClient.defaults.adapter as unknown as Adapter;
  const releases: (() => void)[] = [];
  const held: Adapter = async (config) => {
    if (config.method.toUpperCase() === 'POST') {
      config.onUploadProgress?.({ loaded: 50, total: 100 });
      await new Promise<void>((resolve) => releases.push(resolve));
    }
    return inner(config);
  };
  apiClient.defaults.adapter = held as unknown as typeof apiClient.defaults.adapter;
  restoreAdapter = () => {
    apiClient.defaults.adapter = inner as unknown as typeof apiClient.defaults.adapter;
  };
  return {
    /** Lets the oldest held upload finish. */
    release: () => releases.shift()?.(),
    heldCount: () => releases.length,
  };
}

function renderPage(token: string | null = BOX_TOKEN) {
  return renderWithProviders(<PhotoUploadPage token={token} />, { preloadedState: signedOut });
}

const items = () => screen.getAllByTestId('photo-upload-item');

describe('/photo_upload', { timeout: 30_000 }, () => {
  it('says a closed box is closed and offers nothing to upload', async () => {
    server = fakeApi({ [INFO]: { data: publicBoxDocument(false) } });
    renderPage();
    expect(await screen.findByText(/This photo box is closed/)).toBeVisible();
    expect(screen.getByText('Observational Drawing')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Take a photo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose photos' })).not.toBeInTheDocument();
  });

  it('says an unknown or malformed link does not work', async () => {
    server = fakeApi({});
    renderPage();
    expect(await screen.findByText(/This upload link does not work/)).toBeVisible();
    server.restore();

    server = fakeApi({});
    renderPage('not-a-token');
    expect(await screen.findAllByText(/This upload link does not work/)).toHaveLength(2);
    // A malformed token never reaches the server.
    expect(server.requests).toHaveLength(0);
  });

  it('shows the class, the session and the closing time, with camera and library controls and no sign-in prompt', async () => {
    server = fakeApi({ [INFO]: { data: publicBoxDocument(true) } });
    renderPage();
    expect(await screen.findByText('Observational Drawing')).toBeVisible();
    expect(screen.getByText(/^Open until /)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose photos' })).toBeVisible();
    const camera = screen.getByTestId('photo-upload-take-input');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(screen.getByTestId('photo-upload-choose-input')).toHaveAttribute('multiple');
    expect(screen.queryByText(/log in|sign in/i)).not.toBeInTheDocument();
  });

  it('uploads two photos one after the other, each with its progress, as field `photo`', async () => {
    const uploads = holdUploads({
      [INFO]: { data: publicBoxDocument(true) },
      [UPLOAD]: (request) => uploaded(`u${request.url.length}`),
    });
    const { user } = renderPage();
    await user.upload(await screen.findByTestId('photo-upload-choose-input'), [
      photo('first.jpg'),
      photo('second.png', 'image/png'),
    ]);

    // The first is on its way, half sent; the second waits its turn.
    const first = await screen.findByRole('progressbar', { name: 'Upload of first.jpg' });
    expect(first).toHaveAttribute('aria-valuenow', '50');
    expect(items().map((item) => item.dataset.state)).toEqual(['uploading', 'queued']);
    expect(uploads.heldCount()).toBe(1);

    uploads.release();
    const second = await screen.findByRole('progressbar', { name: 'Upload of second.png' });
    expect(second).toHaveAttribute('aria-valuenow', '50');
    expect(items().map((item) => item.dataset.state)).toEqual(['done', 'uploading']);
    expect(uploads.heldCount()).toBe(1);

    uploads.release();
    await waitFor(() =>
      expect(items().map((item) => item.dataset.state)).toEqual(['done', 'done']),
    );
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);

    const posts = server?.requests.filter((r) => r.method === 'POST') ?? [];
    expect(posts.map((r) => (r.body as FormData).get('photo'))).toEqual([
      expect.objectContaining({ name: 'first.jpg' }),
      expect.objectContaining({ name: 'second.png' }),
    ]);
    // Both name this phone with the id it keeps, so the box's limits count it apart.
    const devices = posts.map((r) => r.headers.get(PHOTO_BOX_DEVICE_HEADER));
    expect(devices[0]).toMatch(PHOTO_BOX_DEVICE_ID_PATTERN);
    expect(devices).toEqual([devices[0], devices[0]]);
    expect(localStorage.getItem(STORAGE_KEYS.photoBoxDevice)).toBe(devices[0]);
  });

  it('refuses a photo over 10 MB before sending it, and uploads the others', async () => {
    server = fakeApi({
      [INFO]: { data: publicBoxDocument(true) },
      [UPLOAD]: uploaded('u1'),
    });
    const { user } = renderPage();
    const big = photo('huge.jpg');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(await screen.findByTestId('photo-upload-choose-input'), [
      big,
      photo('small.jpg'),
    ]);
    const refused = await screen.findByTestId('photo-upload-refused');
    expect(within(refused).getByText('huge.jpg is larger than 10 MB.')).toBeVisible();
    await waitFor(() => expect(items().map((item) => item.dataset.state)).toEqual(['done']));
    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => ((r.body as FormData).get('photo') as File).name)).toEqual([
      'small.jpg',
    ]);
  });

  it('says to try again in a minute when the box is rate-limited, and retries on request', async () => {
    let attempts = 0;
    server = fakeApi({
      [INFO]: { data: publicBoxDocument(true) },
      [UPLOAD]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 429, data: errorDocument('rate_limited', 'Too many requests') }
          : uploaded('u1');
      },
    });
    const { user } = renderPage();
    await user.upload(await screen.findByTestId('photo-upload-take-input'), photo('camera.jpg'));
    expect(
      await screen.findByText(/Too many uploads right now: try again in a minute\./),
    ).toBeVisible();
    expect(items()[0]?.dataset.state).toBe('failed');

    await user.click(screen.getByRole('button', { name: 'Retry camera.jpg' }));
    await waitFor(() => expect(items()[0]?.dataset.state).toBe('done'));
    expect(attempts).toBe(2);
  });
});
