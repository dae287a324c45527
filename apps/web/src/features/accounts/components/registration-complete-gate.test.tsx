import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, userDocument, validJwt } from '../../../testing/builders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeCables, restoreCables } from '../accounts-test-helpers';
import { ConfirmRegistration } from './confirm-registration';
import { RegistrationCompleteGate } from './registration-complete-gate';

let server: FakeApi | undefined;
beforeEach(() => {
  fakeCables();
});
afterEach(() => {
  server?.restore();
  server = undefined;
  restoreCables();
});

const ada = buildUser({ id: '7', name: 'Ada Lovelace', email: 'ada@example.com' });

function CompletePage({ token }: { token: string }) {
  return <RegistrationCompleteGate token={token} redirect={null} />;
}

describe('RegistrationCompleteGate', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('says the account is ready after the confirm flow used the token', async () => {
    server = fakeApi({
      'GET /api/v1/users/me': { data: userDocument(ada) },
      'GET /api/v2/cart_items': { data: { data: [] } },
      'GET /api/v1/user_token/tok': {
        data: {
          data: {
            id: 'tok',
            type: 'user_tokens',
            attributes: {
              email: 'ada@example.com',
              name: 'Ada Lovelace',
              expires_at: '2030-01-01T00:00:00.000Z',
              redirect: null,
            },
          },
        },
      },
      'PUT /api/v1/user_token/tok': { data: { data: { jwt: validJwt(), redirect: null } } },
    });
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/register/:token" element={<ConfirmRegistration token="tok" />} />
        <Route path="/register/complete/:token" element={<CompletePage token="tok" />} />
      </Routes>,
      { route: '/register/tok' },
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm and log in' }));
    expect(
      await screen.findByText(
        'Welcome, Ada Lovelace! Your account is ready and you are logged in.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('link-problem')).toBeNull();
  });

  it('shows the invalid-link view for a made-up token', () => {
    renderWithProviders(<CompletePage token="made-up" />, {
      route: '/register/complete/made-up',
    });
    expect(screen.getByTestId('link-problem')).toHaveTextContent(
      'This link is not valid. Check that you opened the whole link from the e-mail.',
    );
    expect(screen.queryByTestId('registration-complete')).toBeNull();
    expect(screen.queryByText(/Your account is ready/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});
