import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { refused } from '../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { fill, UI_TEST_TIMEOUT_MS } from '../../testing/form-interactions';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Component as LoginPage } from './login';

let server: FakeApi;
afterEach(() => server.restore());

describe('sign-in of an unconfirmed account', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('says so and mails the confirmation link again to the address typed', async () => {
    server = fakeApi({
      'POST /api/v1/users/sign_in': refused(
        'forbidden',
        'Confirm your e-mail address first',
        'unconfirmed',
      ),
      'POST /api/v1/user_token': { status: 202, data: { data: null } },
    });
    const { user } = renderWithProviders(<LoginPage />);
    await fill(user, screen.getByLabelText(/^E-mail/), 'una@example.com');
    await fill(user, screen.getByLabelText(/^Password/), 'still unconfirmed 1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Please confirm your e-mail address first',
    );
    await user.click(screen.getByRole('button', { name: 'Send the confirmation link again' }));
    expect(
      await screen.findByText(
        'If una@example.com is waiting for confirmation, a new link is on its way.',
      ),
    ).toBeInTheDocument();
    expect(server.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/user_token',
      body: { email: 'una@example.com' },
    });
  });

  it('offers no new link for wrong credentials', async () => {
    server = fakeApi({
      'POST /api/v1/users/sign_in': refused('unauthorized', 'The e-mail or password is incorrect'),
    });
    const { user } = renderWithProviders(<LoginPage />);
    await fill(user, screen.getByLabelText(/^E-mail/), 'una@example.com');
    await fill(user, screen.getByLabelText(/^Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByTestId('login-error');
    expect(screen.queryByRole('button', { name: 'Send the confirmation link again' })).toBeNull();
  });
});
