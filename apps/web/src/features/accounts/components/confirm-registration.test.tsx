import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/storage';
import { buildUser, userDocument, validJwt } from '../../../testing/builders';
import { refused } from '../../../testing/error-replies';
import { type FakeApi, type FakeRoutes, fakeApi } from '../../../testing/fake-api';
import { UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeCables, restoreCables } from '../accounts-test-helpers';
import { ConfirmRegistration } from './confirm-registration';

let server: FakeApi;
let cables: string[];
beforeEach(() => {
  cables = fakeCables();
});
afterEach(() => {
  server.restore();
  restoreCables();
});

const ada = buildUser({ id: '7', name: 'Ada Lovelace', email: 'ada@example.com' });
const tokenDocument = (redirect: string | null) => ({
  data: {
    id: 'tok',
    type: 'user_tokens',
    attributes: {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      expires_at: '2030-01-01T00:00:00.000Z',
      redirect,
    },
  },
});

function CompleteProbe() {
  const location = useLocation();
  return <p>complete page {`${location.pathname}${location.search}`}</p>;
}

function renderConfirm(routes: FakeRoutes) {
  server = fakeApi({
    'GET /api/v1/users/me': { data: userDocument(ada) },
    'GET /api/v2/cart_items': { data: { data: [] } },
    ...routes,
  });
  return renderWithProviders(
    <Routes>
      <Route path="/register/:token" element={<ConfirmRegistration token="tok" />} />
      <Route path="/register/complete/:token" element={<CompleteProbe />} />
    </Routes>,
    { route: '/register/tok' },
  );
}

describe('ConfirmRegistration', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('checks the link, then confirms on request: signed in, and on to the welcome page with the redirect', async () => {
    const jwt = validJwt();
    const { user, store } = renderConfirm({
      'GET /api/v1/user_token/tok': { data: tokenDocument('/checkout') },
      'PUT /api/v1/user_token/tok': { data: { data: { jwt, redirect: '/checkout' } } },
    });
    expect(await screen.findByTestId('confirm-lead')).toHaveTextContent(
      'Hi Ada Lovelace! Confirm ada@example.com to finish signing up.',
    );
    // Opening the link alone confirms nothing.
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }));
    expect(
      await screen.findByText('complete page /register/complete/tok?redirect=%2Fcheckout'),
    ).toBeInTheDocument();
    expect(getToken()).toBe(jwt);
    expect(store.getState().session).toEqual({ status: 'loaded', user: ada });
    expect(cables).toHaveLength(1);
  });

  it('offers a new link for an expired one, and says when it is sent', async () => {
    const { user } = renderConfirm({
      'GET /api/v1/user_token/tok': refused('gone', 'This link has expired.', 'expired'),
      'POST /api/v1/user_token/tok/resend': { status: 202, data: { data: null } },
    });
    expect(await screen.findByText('This link has expired.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText('A new link is on its way. Check your e-mail.'),
    ).toBeInTheDocument();
    expect(server.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/user_token/tok/resend',
    });
  });

  it('sends someone whose account is already confirmed to log in', async () => {
    renderConfirm({
      'GET /api/v1/user_token/tok': refused('gone', 'This link has already been used.', 'used'),
    });
    expect(
      await screen.findByText('This account is already confirmed. You can log in.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('explains an unknown link and offers to sign up again', async () => {
    renderConfirm({
      'GET /api/v1/user_token/tok': refused('not_found', 'This link is not valid.', 'invalid'),
    });
    expect(await screen.findByText(/This link is not valid/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('shows the refusal when the link expires between the check and the click', async () => {
    const { user, store } = renderConfirm({
      'GET /api/v1/user_token/tok': { data: tokenDocument(null) },
      'PUT /api/v1/user_token/tok': refused('gone', 'This link has expired.', 'expired'),
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm and log in' }));
    expect(await screen.findByText('This link has expired.')).toBeInTheDocument();
    expect(getToken()).toBeNull();
    await waitFor(() => expect(store.getState().session.user).toBeNull());
  });
});
