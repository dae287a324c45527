import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { PasswordResetRequestForm } from './password-reset-request-form';

let server: FakeApi;
afterEach(() => server.restore());

describe('PasswordResetRequestForm', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("validates the address ('Required', 'Invalid input') before asking the server", async () => {
    server = fakeApi({});
    const { user } = renderWithProviders(<PasswordResetRequestForm />);
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(helperOf(screen.getByLabelText(/^E-mail/))).toBe('Required');
    await fill(user, screen.getByLabelText(/^E-mail/), 'nobody@');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(helperOf(screen.getByLabelText(/^E-mail/))).toBe('Invalid input');
    expect(server.requests).toEqual([]);
  });

  it('answers the same way for any address the server accepted', async () => {
    server = fakeApi({ 'POST /api/v1/password_resets': { status: 202, data: { data: null } } });
    const { user } = renderWithProviders(<PasswordResetRequestForm />);
    await fill(user, screen.getByLabelText(/^E-mail/), ' Someone@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByTestId('password-reset-sent')).toHaveTextContent(
      'If an account exists for Someone@Example.com, we have sent it a link to choose a new password.',
    );
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/password_resets',
      body: { email: 'Someone@Example.com' },
    });
    expect(screen.getByRole('button', { name: 'Send another link' })).toBeInTheDocument();
  });
});
