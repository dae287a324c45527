import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, userDocument } from '../../../testing/builders';
import { refused } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { EmailChangeConfirm } from './email-change-confirm';

let server: FakeApi;
afterEach(() => server.restore());

const ada = buildUser({ id: '7', email: 'ada@example.com' });
const changed = { ...ada, email: 'ada@new.example' };
const apply = () => screen.getByRole('button', { name: 'Use the new address' });

describe('EmailChangeConfirm', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('applies the change on request and updates the signed-in user', async () => {
    server = fakeApi({ 'PUT /api/v1/users/email_token/tok': { data: userDocument(changed) } });
    const { user, store } = renderWithProviders(<EmailChangeConfirm token="tok" />, {
      preloadedState: { session: { status: 'loaded', user: ada } },
    });
    expect(server.requests).toEqual([]);
    await user.click(apply());
    expect(await screen.findByTestId('email-change-done')).toHaveTextContent(
      'Your e-mail address is now ada@new.example.',
    );
    expect(store.getState().session.user?.email).toBe('ada@new.example');
    expect(screen.getByRole('link', { name: 'Go to Account Settings' })).toBeInTheDocument();
  });

  it('works with nobody signed in, and then offers to log in', async () => {
    server = fakeApi({ 'PUT /api/v1/users/email_token/tok': { data: userDocument(changed) } });
    const { user, store } = renderWithProviders(<EmailChangeConfirm token="tok" />, {
      preloadedState: { session: { status: 'loaded', user: null } },
    });
    await user.click(apply());
    await screen.findByTestId('email-change-done');
    expect(store.getState().session.user).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it.each([
    [refused('gone', 'Expired', 'expired'), /This link has expired/],
    [refused('gone', 'Used', 'used'), /This link has already been used/],
    [refused('not_found', 'Unknown', 'invalid'), /This link is not valid/],
    [refused('conflict', 'Taken', 'email_taken'), /already belongs to another account/],
  ])('explains a refused link (%#)', async (reply, message) => {
    server = fakeApi({ 'PUT /api/v1/users/email_token/tok': reply });
    const { user } = renderWithProviders(<EmailChangeConfirm token="tok" />);
    await user.click(apply());
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
