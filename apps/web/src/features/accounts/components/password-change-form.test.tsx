import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToken, setToken } from '../../../lib/storage';
import { buildUser, validJwt } from '../../../testing/builders';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeCables, restoreCables } from '../accounts-test-helpers';
import { PasswordChangeForm } from './password-change-form';

let server: FakeApi;
let cables: string[];
beforeEach(() => {
  cables = fakeCables();
});
afterEach(() => {
  server.restore();
  restoreCables();
});

const ada = buildUser({ id: '7' });
const current = () => screen.getByLabelText(/^Current password/);
const next = () => screen.getByLabelText(/^New password/);

describe('PasswordChangeForm', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('changes the password and carries on with the fresh token the server answers', async () => {
    const fresh = validJwt(Date.now() + 1000);
    setToken(validJwt());
    server = fakeApi({ 'PUT /api/v1/users/7/password': { data: { data: { jwt: fresh } } } });
    const { user } = renderWithProviders(<PasswordChangeForm user={ada} />);
    await fill(user, current(), 'old password 1');
    await fill(user, next(), 'a new and longer one 2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('password-changed')).toHaveTextContent(
      'Your password is changed. Your other devices are logged out.',
    );
    expect(server.requests[0]?.body).toEqual({
      current_password: 'old password 1',
      password: 'a new and longer one 2',
    });
    expect(getToken()).toBe(fresh);
    expect(cables.at(-1)).toContain(`token=${fresh}`);
    // The fields are emptied: no password stays on screen.
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
  });

  it("requires both fields and 10 characters, and shows the server's refusals beside their fields", async () => {
    server = fakeApi({
      'PUT /api/v1/users/7/password': invalid({
        current_password: 'The current password is not correct',
        password: 'This password is too common. Choose one that is harder to guess.',
      }),
    });
    const { user } = renderWithProviders(<PasswordChangeForm user={ada} />);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(helperOf(current())).toBe('Required');
    expect(helperOf(next())).toBe('Required');
    await fill(user, current(), 'old password 1');
    await fill(user, next(), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(helperOf(next())).toBe('Use at least 10 characters');
    expect(server.requests).toEqual([]);

    await fill(user, next(), 'password123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('The current password is not correct');
    expect(helperOf(next())).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );
    expect(screen.queryByTestId('password-changed')).toBeNull();
  });
});
