import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/storage';
import { buildUser, userDocument, validJwt } from '../../../testing/builders';
import { invalid, refused } from '../../../testing/error-replies';
import { type FakeApi, type FakeRoutes, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeCables, restoreCables } from '../accounts-test-helpers';
import { PasswordResetForm } from './password-reset-form';

let server: FakeApi;
beforeEach(() => {
  fakeCables();
});
afterEach(() => {
  server.restore();
  restoreCables();
});

const ada = buildUser({ email: 'ada@example.com' });
const resetDocument = {
  data: {
    id: 'tok',
    type: 'password_resets',
    attributes: { email: 'ada@example.com', expires_at: '2030-01-01T00:00:00.000Z' },
  },
};

function renderReset(routes: FakeRoutes) {
  server = fakeApi({
    'GET /api/v1/users/me': { data: userDocument(ada) },
    'GET /api/v2/cart_items': { data: { data: [] } },
    ...routes,
  });
  return renderWithProviders(
    <Routes>
      <Route path="/password_reset/:token" element={<PasswordResetForm token="tok" />} />
      <Route path="/" element={<p>start page</p>} />
    </Routes>,
    { route: '/password_reset/tok' },
  );
}

const passwordField = () => screen.getByLabelText(/^New password/);

describe('PasswordResetForm', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('sets the new password, signs in and lands on the start page', async () => {
    const jwt = validJwt();
    const { user, store } = renderReset({
      'GET /api/v1/password_resets/tok': { data: resetDocument },
      'PUT /api/v1/password_resets/tok': { data: { data: { jwt } } },
    });
    expect(
      await screen.findByText('Choose a new password for ada@example.com.'),
    ).toBeInTheDocument();
    await fill(user, passwordField(), 'a much better passphrase');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('strong');
    await user.click(screen.getByRole('button', { name: 'Save and log in' }));
    expect(await screen.findByText('start page')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      password: 'a much better passphrase',
    });
    expect(getToken()).toBe(jwt);
    expect(store.getState().session.user).toEqual(ada);
    expect(store.getState().snackbar).toMatchObject({
      open: true,
      type: 'success',
      content: 'Your password is changed.',
    });
  });

  it("keeps short passwords and the server's refusals beside the field", async () => {
    const { user } = renderReset({
      'GET /api/v1/password_resets/tok': { data: resetDocument },
      'PUT /api/v1/password_resets/tok': invalid({
        password: 'This password is too common. Choose one that is harder to guess.',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Save and log in' }));
    expect(helperOf(passwordField())).toBe('Required');
    await fill(user, passwordField(), 'short');
    await user.click(screen.getByRole('button', { name: 'Save and log in' }));
    expect(helperOf(passwordField())).toBe('Use at least 10 characters');
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);

    await fill(user, passwordField(), 'password123');
    await user.click(screen.getByRole('button', { name: 'Save and log in' }));
    await waitFor(() =>
      expect(helperOf(passwordField())).toBe(
        'This password is too common. Choose one that is harder to guess.',
      ),
    );
    expect(getToken()).toBeNull();
  });

  it('explains an expired link and leads to a new request', async () => {
    renderReset({
      'GET /api/v1/password_resets/tok': refused('gone', 'This link has expired.', 'expired'),
    });
    expect(
      await screen.findByText('This link has expired. Links work for one hour.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/password_reset/',
    );
  });

  it('explains a link already used', async () => {
    renderReset({
      'GET /api/v1/password_resets/tok': refused('gone', 'Used.', 'used'),
    });
    expect(await screen.findByText('This link has already been used.')).toBeInTheDocument();
  });
});
