import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setI18nLanguage } from '../../../i18n/i18n';
import { buildUser, userDocument } from '../../../testing/builders';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { sentForm, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ClassRemindersSection } from './class-reminders-section';

let server: FakeApi;
afterEach(async () => {
  server.restore();
  await setI18nLanguage('en');
});

const ada = buildUser({ id: '7', name: 'Ada', locale: 'en', class_reminders: 'each_class' });
const signedIn = { session: { status: 'loaded' as const, user: ada } };

describe('ClassRemindersSection', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('saves the weekly digest as soon as it is chosen, through the account settings call', async () => {
    const saved = { ...ada, class_reminders: 'weekly_digest' as const };
    server = fakeApi({ 'PUT /api/v1/users/7': { data: userDocument(saved) } });
    const { user, store } = renderWithProviders(<ClassRemindersSection user={ada} />, {
      preloadedState: signedIn,
    });
    const group = screen.getByRole('radiogroup', { name: 'Before your classes' });
    expect(group).toHaveAccessibleDescription(/in your time zone/);
    expect(screen.getByRole('radio', { name: /day before each class/ })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: /coming week’s classes/ }));
    await waitFor(() => expect(store.getState().session.user).toEqual(saved));
    expect(Object.fromEntries(sentForm(server.requests[0]).entries())).toEqual({
      class_reminders: 'weekly_digest',
    });
    expect(store.getState().snackbar).toMatchObject({
      content: 'Your reminder choice is saved.',
      type: 'success',
    });
  });

  it('puts the previous choice back when the server refuses the change', async () => {
    server = fakeApi({ 'PUT /api/v1/users/7': invalid({ class_reminders: 'Invalid input' }) });
    const { user, store } = renderWithProviders(<ClassRemindersSection user={ada} />, {
      preloadedState: signedIn,
    });
    await user.click(screen.getByRole('radio', { name: 'No reminders' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /day before each class/ })).toBeChecked(),
    );
    expect(store.getState().session.user).toEqual(ada);
  });

  it('speaks Japanese', async () => {
    server = fakeApi({});
    await setI18nLanguage('ja');
    renderWithProviders(<ClassRemindersSection user={ada} />, { preloadedState: signedIn });
    expect(screen.getByRole('radio', { name: 'リマインダーを受け取らない' })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'クラスのリマインダー' })).toBeInTheDocument();
  });
});
