import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { DeleteAccountSection, DownloadDataSection } from './account-data-section';

let server: FakeApi;
const created: Blob[] = [];
beforeEach(() => {
  created.length = 0;
  // jsdom has no object URLs: record what would be saved instead.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:saved';
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => server.restore());

const ada = buildUser({ id: '7', email: 'ada@family.test' });

describe('DownloadDataSection', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('saves the ZIP the server answers at once', async () => {
    const zip = new Blob(['PK…'], { type: 'application/zip' });
    server = fakeApi({ 'GET /api/v1/account/export': { data: zip } });
    const { user } = renderWithProviders(<DownloadDataSection user={ada} />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByTestId('data-download-downloaded')).toHaveTextContent(
      'Your data is downloaded.',
    );
    expect(created).toEqual([zip]);
  });

  it('tells a large family the link will be mailed when the server answers 202', async () => {
    const accepted = new Blob(
      [
        JSON.stringify({
          data: { id: '3', type: 'account_exports', attributes: { status: 'pending' } },
        }),
      ],
      { type: 'application/vnd.api+json' },
    );
    server = fakeApi({ 'GET /api/v1/account/export': { status: 202, data: accepted } });
    const { user } = renderWithProviders(<DownloadDataSection user={ada} />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByTestId('data-download-mailed')).toHaveTextContent(
      'We will e-mail a download link to ada@family.test',
    );
    expect(created).toEqual([]);
  });
});

describe('DeleteAccountSection', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  const password = () => screen.getByLabelText(/^Password/);

  it('says what is kept, asks for the password, and shows the server’s refusal beside it', async () => {
    server = fakeApi({
      'DELETE /api/v1/account': invalid({ password: 'The password is not correct' }),
    });
    const { user } = renderWithProviders(<DeleteAccountSection user={ada} />);
    expect(screen.getByText(/Orders, payments and account entries are kept/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(helperOf(password())).toBe('Required');
    expect(server.requests).toEqual([]);
    await fill(user, password(), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('The password is not correct')).toBeVisible();
    expect(screen.queryByTestId('account-delete-mailed')).toBeNull();
  });

  it('mails the confirmation link and says so', async () => {
    server = fakeApi({ 'DELETE /api/v1/account': { status: 202, data: { data: null } } });
    const { user } = renderWithProviders(<DeleteAccountSection user={ada} />);
    await fill(user, password(), 'my real password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByTestId('account-delete-mailed')).toHaveTextContent(
      'We sent a confirmation link to ada@family.test',
    );
    expect(server.requests[0]?.body).toEqual({ password: 'my real password' });
  });
});
