import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ResendConfirmationForm } from './resend-confirmation-form';

let server: FakeApi;
afterEach(() => server.restore());

describe('ResendConfirmationForm', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('mails a new link to the address it was given and says so', async () => {
    server = fakeApi({ 'POST /api/v1/user_token': { status: 202, data: { data: null } } });
    const { user } = renderWithProviders(<ResendConfirmationForm email="ada@example.com" />);
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByTestId('resend-done')).toHaveTextContent(
      'If ada@example.com is waiting for confirmation, a new link is on its way.',
    );
    expect(server.requests[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it("asks for the address when it is not known ('Required'), and shows the server's message", async () => {
    server = fakeApi({
      'POST /api/v1/user_token': invalid({ email: 'Enter a valid e-mail address' }),
    });
    const { user } = renderWithProviders(<ResendConfirmationForm email="" />);
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(helperOf(screen.getByLabelText(/^E-mail/))).toBe('Required');
    expect(server.requests).toEqual([]);
    await fill(user, screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    await screen.findByText('Enter a valid e-mail address');
    expect(helperOf(screen.getByLabelText(/^E-mail/))).toBe('Enter a valid e-mail address');
  });
});
