import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, userDocument } from '../../../testing/builders';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { sentForm, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { AvatarSection } from './avatar-section';

let server: FakeApi;
afterEach(() => server.restore());

const ada = buildUser({ id: '7', name: 'Ada Lovelace', avatar_url: null });
const signedIn = { session: { status: 'loaded' as const, user: ada } };
const photo = () => new File(['jpeg bytes'], 'me.jpg', { type: 'image/jpeg' });

describe('AvatarSection', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('uploads the picture as the multipart field avatar and makes it the session user’s', async () => {
    const withAvatar = { ...ada, avatar_url: '/uploads/avatars/7-thumb.webp' };
    server = fakeApi({ 'PUT /api/v1/users/7': { data: userDocument(withAvatar) } });
    const { user, store } = renderWithProviders(<AvatarSection user={ada} />, {
      preloadedState: signedIn,
    });
    await user.upload(screen.getByTestId('avatar-upload-picker-input'), photo());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByTestId('avatar-upload-done')).toHaveTextContent('Uploaded me.jpg');
    const form = sentForm(server.requests[0]);
    expect(form.get('avatar')).toBeInstanceOf(File);
    expect((form.get('avatar') as File).name).toBe('me.jpg');
    expect(store.getState().session.user?.avatar_url).toBe('/uploads/avatars/7-thumb.webp');
  });

  it("shows the server's message when the picture is refused", async () => {
    server = fakeApi({
      'PUT /api/v1/users/7': invalid({ avatar: 'Upload a JPEG, PNG or WebP image' }),
    });
    const { user, store } = renderWithProviders(<AvatarSection user={ada} />, {
      preloadedState: signedIn,
    });
    await user.upload(screen.getByTestId('avatar-upload-picker-input'), photo());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByTestId('avatar-upload-error')).toHaveTextContent(
      'Upload a JPEG, PNG or WebP image',
    );
    expect(store.getState().session.user).toEqual(ada);
  });

  it('removes the picture', async () => {
    const withAvatar = { ...ada, avatar_url: '/uploads/avatars/7-thumb.webp' };
    server = fakeApi({ 'PUT /api/v1/users/7': { data: userDocument(ada) } });
    const { user, store } = renderWithProviders(<AvatarSection user={withAvatar} />, {
      preloadedState: { session: { status: 'loaded', user: withAvatar } },
    });
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    await waitFor(() => expect(store.getState().session.user?.avatar_url).toBeNull());
    expect(sentForm(server.requests[0]).get('remove_avatar')).toBe('true');
  });
});
