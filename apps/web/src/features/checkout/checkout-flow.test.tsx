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
    expect(router.state.location.search).toBe('?redirect=%2Fcheckout');
    // Signing up instead carries the way back through the mailed confirmation link.
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/app/register?redirect=%2Fcheckout',
    );
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/checkout'));
    expect(await screen.findByTestId('fake-card-form')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.autoSubmit)).toBeNull();
    expect(router.state.location.search).toBe('?order=501');
  });
});
