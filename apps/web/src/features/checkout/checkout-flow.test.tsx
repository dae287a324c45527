import { STORAGE_KEYS } from '@atelier/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildCartItem,
  buildUser,
  cartItemListDocument,
  userDocument,
  validJwt,
} from '../../testing/builders';
import { makeStoreWithCart } from '../../testing/cache-entries';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { fill } from '../../testing/form-interactions';
import { buildOrder, orderDocument } from '../../testing/order-builders';
import { renderApp } from '../../testing/render-app';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
  sessionStorage.clear();
});

const item = buildCartItem({ id: '7', available: true, unavailable_reason: null });

describe('a guest checking out (docs/product.md#checkout-and-orders)', () => {
  it('signs in from checkout, comes back to /checkout and the order is placed once', async () => {
    let posts = 0;
    server = fakeApi({
      'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
      'POST /api/v1/users/sign_in': { data: { data: { jwt: validJwt() } } },
      'GET /api/v1/users/me': { data: userDocument(buildUser()) },
      // The account's cart, once the guest's has joined it at sign-in.
      'GET /api/v2/cart_items': { data: cartItemListDocument([item]) },
      'POST /api/v2/orders': () => {
        posts += 1;
        return { status: 201, data: orderDocument(buildOrder()) };
      },
    });
    const { user, router } = renderApp('/checkout', {
      store: makeStoreWithCart({ session: { status: 'loaded', user: null } }, [item]),
    });
    await user.click(await screen.findByTestId('place-order'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fcheckout%3Fauto_submit%3D1');
    // Signing up instead carries the way back through the mailed confirmation link.
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/app/register?redirect=%2Fcheckout%3Fauto_submit%3D1',
    );
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/checkout'));
    expect(await screen.findByTestId('fake-card-form')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.orderParams)).toBeNull();
    expect(router.state.location.search).toBe('?order=501');
  });
  it('signs up instead: the way back rides the mailed link to "Continue where you left off", and the order is placed once', {
    timeout: 60_000,
  }, async () => {
    let posts = 0;
    let kept: string | null = null;
    const jwt = validJwt();
    server = fakeApi({
      'GET /api/v1/notifications/unread_count': { data: { data: 0 } },
      // The server keeps the registration's redirect with the mailed link's token.
      'POST /api/v1/users': (request) => {
        kept = (request.body as { query?: { redirect?: string } }).query?.redirect ?? null;
        return { status: 202, data: { data: null } };
      },
      'GET /api/v1/user_token/tok': () => ({
        data: {
          data: {
            id: 'tok',
            type: 'user_tokens',
            attributes: {
              email: 'ada@example.com',
              name: 'Ada Lovelace',
              expires_at: '2030-01-01T00:00:00.000Z',
              redirect: kept,
            },
          },
        },
      }),
      'PUT /api/v1/user_token/tok': () => ({ data: { data: { jwt, redirect: kept } } }),
      'GET /api/v1/users/me': { data: userDocument(buildUser({ name: 'Ada Lovelace' })) },
      'GET /api/v2/cart_items': { data: cartItemListDocument([item]) },
      'POST /api/v2/orders': () => {
        posts += 1;
        return { status: 201, data: orderDocument(buildOrder()) };
      },
    });
    const { user, router } = renderApp('/checkout', {
      store: makeStoreWithCart({ session: { status: 'loaded', user: null } }, [item]),
    });
    await user.click(await screen.findByTestId('place-order'));
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/register'));
    await fill(user, await screen.findByLabelText(/^Name/), 'Ada Lovelace');
    await fill(user, screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await fill(user, screen.getByLabelText(/^Password/), 'analytical engine 1843');
    await user.click(screen.getByRole('checkbox', { name: /I accept the Terms of Use/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/register/check_email'));
    expect(kept).toBe('/checkout?auto_submit=1');

    // The mailed link, opened in the same browser.
    await router.navigate('/register/tok');
    await user.click(await screen.findByRole('button', { name: 'Confirm and log in' }));
    await user.click(await screen.findByRole('link', { name: 'Continue where you left off' }));
    expect(await screen.findByTestId('fake-card-form')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(router.state.location.pathname).toBe('/app/checkout');
    expect(router.state.location.search).toBe('?order=501');
    expect(localStorage.getItem(STORAGE_KEYS.orderParams)).toBeNull();
  });
});
