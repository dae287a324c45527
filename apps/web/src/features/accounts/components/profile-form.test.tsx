import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setI18nLanguage } from '../../../i18n/i18n';
import { buildUser, userDocument } from '../../../testing/builders';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, sentForm, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ProfileForm } from './profile-form';

let server: FakeApi;
afterEach(async () => {
  server.restore();
  await setI18nLanguage('en');
});

const ada = buildUser({ id: '7', name: 'Ada', timezone: 'America/New_York', locale: 'en' });
const signedIn = { session: { status: 'loaded' as const, user: ada } };

function formFields(request: FakeRequest | undefined): Record<string, string> {
  return Object.fromEntries(sentForm(request).entries()) as Record<string, string>;
}

describe('ProfileForm', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('saves name, time zone and language as a multipart form, and switches the UI language', async () => {
    const saved = { ...ada, name: 'Ada King', timezone: 'Asia/Tokyo', locale: 'ja' as const };
    server = fakeApi({ 'PUT /api/v1/users/7': { data: userDocument(saved) } });
    const { user, store } = renderWithProviders(<ProfileForm user={ada} />, {
      preloadedState: signedIn,
    });
    expect(screen.getByLabelText(/^Time zone/)).toHaveValue('America / New York');
    await fill(user, screen.getByLabelText(/^Name/), ' Ada King ');
    const zone = screen.getByLabelText(/^Time zone/);
    await fill(user, zone, 'Tokyo');
    await user.click(await screen.findByRole('option', { name: 'Asia / Tokyo' }));
    await user.selectOptions(screen.getByLabelText(/^Preferred language/), 'ja');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(store.getState().session.user).toEqual(saved));
    expect(formFields(server.requests[0])).toEqual({
      name: 'Ada King',
      timezone: 'Asia/Tokyo',
      locale: 'ja',
    });
    expect(store.getState().language.liveLanguage).toBe('ja');
    expect(localStorage.getItem('atelier.language')).toBe('ja');
    // The providers apply liveLanguage: the page now speaks Japanese.
    await waitFor(() => expect(i18n.language).toBe('ja'));
    expect(await screen.findByRole('button', { name: '保存' })).toBeInTheDocument();
  });

  it("shows 'Required' for an empty name and the server's field messages beside their fields", async () => {
    server = fakeApi({ 'PUT /api/v1/users/7': invalid({ timezone: 'Choose a valid time zone' }) });
    const { user, store } = renderWithProviders(<ProfileForm user={ada} />, {
      preloadedState: signedIn,
    });
    await fill(user, screen.getByLabelText(/^Name/), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(helperOf(screen.getByLabelText(/^Name/))).toBe('Required');
    expect(server.requests).toEqual([]);

    await fill(user, screen.getByLabelText(/^Name/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(helperOf(screen.getByLabelText(/^Time zone/))).toBe('Choose a valid time zone'),
    );
    expect(store.getState().session.user).toEqual(ada);
  });

  it('shows no bio field to a family account and sends no bio', async () => {
    server = fakeApi({ 'PUT /api/v1/users/7': { data: userDocument(ada) } });
    const { user } = renderWithProviders(<ProfileForm user={ada} />, { preloadedState: signedIn });
    expect(screen.queryByLabelText(/^Bio/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(formFields(server.requests[0])).not.toHaveProperty('bio');
    expect(screen.queryByLabelText(/^Japanese bio/)).not.toBeInTheDocument();
    expect(Object.keys(formFields(server.requests[0]))).not.toContain('translations.ja.bio');
  });

  it('lets a teacher write a Japanese bio beside the English one, sent as translations.ja.bio', async () => {
    const theo = buildUser({
      id: '7',
      name: 'Theo',
      role: 'teacher',
      locale: 'en',
      bio: 'Painter.',
      translations: { ja: { bio: '画家です。' } },
    });
    const saved = { ...theo, translations: { ja: { bio: '画家です。\n版画も教えます。' } } };
    server = fakeApi({ 'PUT /api/v1/users/7': { data: userDocument(saved) } });
    const { user, store } = renderWithProviders(<ProfileForm user={theo} />, {
      preloadedState: { session: { status: 'loaded' as const, user: theo } },
    });
    const bioJa = screen.getByLabelText(/^Japanese bio/);
    expect(bioJa.tagName).toBe('TEXTAREA');
    expect(bioJa).toHaveValue('画家です。');
    expect(bioJa).toHaveAccessibleDescription(/Japanese readers see the English bio/);
    expect(screen.getByLabelText(/^Bio/)).toHaveValue('Painter.');
    await user.type(bioJa, '{Enter}版画も教えます。 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.getState().session.user).toEqual(saved));
    expect(formFields(server.requests[0])).toMatchObject({
      bio: 'Painter.',
      'translations.ja.bio': '画家です。\n版画も教えます。',
    });

    // Emptied, it is sent empty (the server removes it); the server's message lands beside it.
    server.restore();
    server = fakeApi({
      'PUT /api/v1/users/7': invalid({ 'translations.ja.bio': 'Use at most 1000 characters' }),
    });
    await user.clear(bioJa);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(helperOf(screen.getByLabelText(/^Japanese bio/))).toBe('Use at most 1000 characters'),
    );
    expect(formFields(server.requests[0])).toMatchObject({ 'translations.ja.bio': '' });
    await setI18nLanguage('ja');
    expect(await screen.findByLabelText(/^日本語の自己紹介/)).toBeInTheDocument();
  });

  it("lets a teacher edit a multi-line bio, sent trimmed, and shows the server's bio message in Japanese", async () => {
    const theo = buildUser({
      id: '7',
      name: 'Theo',
      role: 'teacher',
      locale: 'en',
      bio: 'Painter.',
    });
    const saved = { ...theo, bio: 'Painter.\nPrintmaker.' };
    server = fakeApi({ 'PUT /api/v1/users/7': { data: userDocument(saved) } });
    const { user, store } = renderWithProviders(<ProfileForm user={theo} />, {
      preloadedState: { session: { status: 'loaded' as const, user: theo } },
    });
    const bio = screen.getByLabelText(/^Bio/);
    expect(bio.tagName).toBe('TEXTAREA');
    expect(bio).toHaveValue('Painter.');
    expect(bio).toHaveAccessibleDescription(/Our Instructors page/);
    await user.type(bio, '{Enter}Printmaker.  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.getState().session.user).toEqual(saved));
    expect(formFields(server.requests[0])).toMatchObject({ bio: 'Painter.\nPrintmaker.' });

    server.restore();
    server = fakeApi({
      'PUT /api/v1/users/7': invalid({ bio: 'Use at most 1000 characters' }),
    });
    await setI18nLanguage('ja');
    await user.click(await screen.findByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(helperOf(screen.getByLabelText(/^自己紹介/))).toBe('1000文字以内にしてください'),
    );
  });
});
