import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { fill, helperOf, UI_TEST_TIMEOUT_MS } from '../../../testing/form-interactions';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { RegisterForm } from './register-form';

let server: FakeApi;
afterEach(() => {
  server.restore();
  vi.restoreAllMocks();
});
beforeEach(() => {
  // The browser's zone is the default: make it a known one.
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone: 'Europe/Paris' };
  });
});

function CheckEmailProbe() {
  const { state } = useLocation();
  return <p>check email page for {(state as { email?: string } | null)?.email}</p>;
}

function renderRegister(redirect: string | null = null) {
  return renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterForm redirect={redirect} />} />
      <Route path="/register/check_email" element={<CheckEmailProbe />} />
    </Routes>,
    { route: '/register' },
  );
}

const label = {
  name: /^Name/,
  email: /^E-mail/,
  password: /^Password/,
  timezone: /^Time zone/,
  terms: /I accept the Terms of Use/,
};

async function fillValid(user: ReturnType<typeof renderRegister>['user']) {
  await fill(user, screen.getByLabelText(label.name), 'Ada Lovelace');
  await fill(user, screen.getByLabelText(label.email), ' ada@example.com ');
  await fill(user, screen.getByLabelText(label.password), 'analytical engine 1843');
  await user.click(screen.getByRole('checkbox', { name: label.terms }));
}

describe('RegisterForm', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("shows 'Required' beside every empty field and the terms message, and sends nothing", async () => {
    server = fakeApi({});
    const { user } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(helperOf(screen.getByLabelText(label.name))).toBe('Required');
    expect(helperOf(screen.getByLabelText(label.email))).toBe('Required');
    expect(helperOf(screen.getByLabelText(label.password))).toBe('Required');
    expect(screen.getByText('You must accept the Terms of Use')).toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });

  it("says 'Invalid input' for a malformed e-mail and asks for 10 characters before sending", async () => {
    server = fakeApi({});
    const { user } = renderRegister();
    await fill(user, screen.getByLabelText(label.name), 'Ada');
    await fill(user, screen.getByLabelText(label.email), 'ada@');
    await user.click(screen.getByRole('checkbox', { name: label.terms }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(helperOf(screen.getByLabelText(label.email))).toBe('Invalid input');

    await fill(user, screen.getByLabelText(label.email), 'ada@example.com');
    await fill(user, screen.getByLabelText(label.password), 'short1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(helperOf(screen.getByLabelText(label.password))).toBe('Use at least 10 characters');
    expect(server.requests).toEqual([]);
  });

  it('shows the strength of the password as it is typed', async () => {
    server = fakeApi({});
    const { user } = renderRegister();
    const hint = screen.getByTestId('password-strength');
    expect(hint).toHaveTextContent('At least 10 characters');
    await user.type(screen.getByLabelText(label.password), 'abc');
    expect(hint).toHaveTextContent('Password strength: too short');
    await user.type(screen.getByLabelText(label.password), 'defghij');
    expect(hint).toHaveTextContent('Password strength: weak');
    await user.type(screen.getByLabelText(label.password), 'X9!?');
    expect(hint).toHaveTextContent('Password strength: strong');
  });

  it('calls a password the server refuses as common too common, not "fair"', async () => {
    server = fakeApi({});
    const { user } = renderRegister();
    const hint = screen.getByTestId('password-strength');
    await user.type(screen.getByLabelText(label.password), 'Password123');
    await waitFor(() =>
      expect(hint).toHaveTextContent('Password strength: too common, choose another'),
    );
    await user.type(screen.getByLabelText(label.password), '!');
    expect(hint).toHaveTextContent('Password strength: strong');
  });

  it('registers with the browser time zone, the UI language and the redirect, then shows check-your-mail', async () => {
    server = fakeApi({ 'POST /api/v1/users': { status: 202, data: { data: null } } });
    const { user } = renderRegister('/checkout');
    expect(screen.getByLabelText(label.timezone)).toHaveValue('Europe / Paris');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('check email page for ada@example.com')).toBeInTheDocument();
    expect(server.requests[0]?.body).toEqual({
      user: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        password: 'analytical engine 1843',
        timezone: 'Europe/Paris',
        locale: 'en',
        terms_accepted: true,
      },
      query: { redirect: '/checkout' },
    });
  });

  it('lets the time zone be searched by city and chosen', async () => {
    server = fakeApi({ 'POST /api/v1/users': { status: 202, data: { data: null } } });
    const { user } = renderRegister();
    const zone = screen.getByLabelText(label.timezone);
    await user.clear(zone);
    await user.type(zone, 'tokyo');
    await user.click(await screen.findByRole('option', { name: 'Asia / Tokyo' }));
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText(/check email page/);
    expect(server.requests[0]?.body).toMatchObject({ user: { timezone: 'Asia/Tokyo' } });
  });

  it('never sends a redirect that leaves the site', async () => {
    server = fakeApi({ 'POST /api/v1/users': { status: 202, data: { data: null } } });
    const { user } = renderRegister('//evil.test/phish');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText(/check email page/);
    expect(server.requests[0]?.body).not.toHaveProperty('query');
  });

  it("shows the server's 422 messages beside their fields and stays on the form", async () => {
    server = fakeApi({
      'POST /api/v1/users': invalid({
        password: 'This password is too common. Choose one that is harder to guess.',
        terms_accepted: 'You must accept the Terms of Use',
        redirect: 'Invalid input',
      }),
    });
    const { user } = renderRegister('/checkout');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(helperOf(screen.getByLabelText(label.password))).toBe(
        'This password is too common. Choose one that is harder to guess.',
      ),
    );
    expect(screen.getByLabelText(label.password)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('You must accept the Terms of Use')).toBeInTheDocument();
    // A message for a field the form does not show is not lost.
    expect(within(screen.getByTestId('register-error')).getByText('Invalid input')).toBeVisible();
    expect(screen.queryByText(/check email page/)).toBeNull();
  });

  it('reports a refusal without field messages through the common error handler', async () => {
    server = fakeApi({
      'POST /api/v1/users': {
        status: 429,
        data: {
          errors: [{ status: '429', code: 'rate_limited', detail: 'Too many registrations' }],
        },
      },
    });
    const { user, store } = renderRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({
        open: true,
        type: 'error',
        content: '429: Too many registrations',
      }),
    );
  });
});
