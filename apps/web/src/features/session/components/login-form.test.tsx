import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, userDocument, validJwt } from '../../../testing/builders';
import { type FakeApi, type FakeRoutes, fakeApi, validationReply } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

const guest = { session: { status: 'loaded' as const, user: null } };

let api: FakeApi | null = null;
afterEach(() => api?.restore());

function serve(routes: FakeRoutes) {
  api = fakeApi({
    'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
    'GET /api/v2/cart_items': { data: { data: [] } },
    ...routes,
  });
  return api;
}

const errorReply = (status: number, detail: string, meta?: Record<string, string>) => ({
  status,
  data: { errors: [{ status: String(status), code: 'x', detail, ...(meta ? { meta } : {}) }] },
});

async function fillAndSubmit(email: string, password: string) {
  const view = renderApp('/login', { preloadedState: guest });
  await screen.findByRole('heading', { name: 'Log in' });
  if (email) await view.user.type(screen.getByLabelText(/E-mail/), email);
  if (password) await view.user.type(screen.getByLabelText(/Password/), password);
  await view.user.click(screen.getByRole('button', { name: 'Log in' }));
  return view;
}

describe('login page', () => {
  it("says 'Required' under each empty field and sends nothing", async () => {
    const fake = serve({});
    await fillAndSubmit('', '');
    const required = await screen.findAllByText('Required');
    expect(required).toHaveLength(2);
    expect(screen.getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(fake.requests.filter((r) => r.url.includes('sign_in'))).toHaveLength(0);
  });

  it("says 'Invalid input' for a malformed e-mail", async () => {
    serve({});
    await fillAndSubmit('ada@', 'secret');
    expect(await screen.findByText('Invalid input')).toBeVisible();
  });

  it('signs in and lands on /, greeting the user', async () => {
    const fake = serve({
      'POST /api/v1/users/sign_in': { data: { data: { jwt: validJwt() } } },
      'GET /api/v1/users/me': { data: userDocument(buildUser({ name: 'Grace Hopper' })) },
    });
    const { router, store } = await fillAndSubmit('grace@example.com', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(await screen.findByRole('heading', { name: 'Hi, Grace Hopper' })).toBeVisible();
    expect(store.getState().session.user?.name).toBe('Grace Hopper');
    const signIn = fake.requests.find((r) => r.url === '/api/v1/users/sign_in');
    expect(signIn?.body).toEqual({
      auth: { email: 'grace@example.com', password: 'correct horse' },
    });
  });

  it.each([
    [401, 'The e-mail or password is incorrect.'],
    [429, 'Too many attempts. Please wait a few minutes and try again.'],
    [403, 'Please confirm your e-mail address first: open the link in the e-mail we sent you.'],
  ])('explains a %i answer in the form and stays on /login', async (status, message) => {
    serve({ 'POST /api/v1/users/sign_in': errorReply(status, 'server text') });
    const { router } = await fillAndSubmit('ada@example.com', 'wrong');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/app/login');
  });

  it("shows the server's 422 field messages under the fields", async () => {
    serve({
      'POST /api/v1/users/sign_in': validationReply('auth.email', 'is not an e-mail address'),
    });
    await fillAndSubmit('ada@example.com', 'pw');
    expect(await screen.findByText('is not an e-mail address')).toBeVisible();
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('explains a timeout with the catalogue text', async () => {
    serve({ 'POST /api/v1/users/sign_in': { timeout: true } });
    await fillAndSubmit('ada@example.com', 'pw');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Timeout Error');
  });

  it('sends a signed-in user on to the start page', async () => {
    serve({});
    const { router } = renderApp('/login', {
      preloadedState: { session: { status: 'loaded', user: buildUser() } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });
});
