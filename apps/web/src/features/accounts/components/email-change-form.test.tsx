import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, userDocument } from '../../../testing/builders';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { EmailChangeForm } from './email-change-form';

let server: FakeApi;
afterEach(() => server.restore());

const ada = buildUser({ id: '7', email: 'ada@example.com' });
const newEmail = () => screen.getByLabelText(/^New e-mail address/);
const password = () => screen.getByLabelText(/^Current password/);

describe('EmailChangeForm', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("requires the new address and the current password ('Required', 'Invalid input')", async () => {
    server = fakeApi({});
    const { user } = renderWithProviders(<EmailChangeForm user={ada} />);
    expect(screen.getByText('Your address: ada@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(helperOf(newEmail())).toBe('Required');
    expect(helperOf(password())).toBe('Required');
    await fill(user, newEmail(), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(helperOf(newEmail())).toBe('Invalid input');
    expect(server.requests).toEqual([]);
  });

  it('asks the server to mail the new address, and says nothing changes until the link is opened', async () => {
    server = fakeApi({
      'PUT /api/v1/users/7/email': {
        status: 202,
        data: { ...userDocument(ada), meta: { pending_email: 'ada@new.example' } },
      },
    });
    const { user } = renderWithProviders(<EmailChangeForm user={ada} />);
    await fill(user, newEmail(), 'ada@new.example');
    await fill(user, password(), 'my current password');
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(await screen.findByTestId('email-pending')).toHaveTextContent(
      'We sent a link to ada@new.example. Your address changes when you open it.',
    );
    expect(server.requests[0]?.body).toEqual({
      email: 'ada@new.example',
      current_password: 'my current password',
    });
  });

  it("shows the server's refusal of the current password beside it", async () => {
    server = fakeApi({
      'PUT /api/v1/users/7/email': invalid({
        current_password: 'The current password is not correct',
      }),
    });
    const { user } = renderWithProviders(<EmailChangeForm user={ada} />);
    await fill(user, newEmail(), 'ada@new.example');
    await fill(user, password(), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    await screen.findByText('The current password is not correct');
    expect(helperOf(password())).toBe('The current password is not correct');
    expect(screen.queryByTestId('email-pending')).toBeNull();
  });
});
