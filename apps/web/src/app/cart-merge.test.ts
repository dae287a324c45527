import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addGuestCartItem,
  cartApi,
  cartOwnerOf,
  clearGuestCart,
  readGuestCartItems,
  selectCartItems,
  selectCartStatus,
} from '../features/cart';
import { signIn } from '../features/session';
import { type CableConsumer, closeCable, setCableConsumerFactory } from '../lib/cable';
import {
  buildCartItem,
  buildUser,
  cartItemListDocument,
  userDocument,
  validJwt,
} from '../testing/builders';
import { type FakeApi, fakeApi } from '../testing/fake-api';
import { makeStore } from './store';

// Decision 028: the cart's load after a sign-in is where a guest cart joins the server cart. The
// session feature knows nothing of the cart; the cart entry is keyed by the session's user.

let server: FakeApi | undefined;
beforeEach(() => {
  setCableConsumerFactory(
    (): CableConsumer => ({
      subscriptions: { create: () => ({ unsubscribe: () => undefined }) },
      disconnect: () => undefined,
    }),
  );
});
afterEach(async () => {
  server?.restore();
  server = undefined;
  closeCable();
  setCableConsumerFactory(null);
  await clearGuestCart();
});

describe('signing in merges the guest cart (decision 028)', () => {
  it('posts the local items once the user is loaded, then deletes them; the cart is the answer', async () => {
    await addGuestCartItem({
      number_of_attendees: 1,
      klass_group_schedule_id: '31',
      plan_id: '9',
      coupon_code: null,
      attendees: [{ attendee_profile_id: null, name: 'Mia', birthday: '2016-01-02' }],
      cart_item_klass_group_schedule_addons: [],
    });
    const merged = buildCartItem({ id: '90' });
    server = fakeApi({
      'POST /api/v1/users/sign_in': { data: { data: { jwt: validJwt() } } },
      'GET /api/v1/users/me': { data: userDocument(buildUser({ id: '7' })) },
      'POST /api/v2/cart_items/merge': { data: cartItemListDocument([merged]) },
    });
    const store = makeStore();
    await store.dispatch(signIn({ email: 'a@example.com', password: 'x', redirect: false }));
    // The shell holds the cart of whoever the session holds (features/cart/use-cart.ts).
    const held = store.dispatch(
      cartApi.endpoints.cart.initiate(cartOwnerOf(store.getState().session.user)),
    );
    await expect.poll(() => selectCartStatus(store.getState())).toBe('loaded');
    await expect.poll(() => selectCartItems(store.getState()).map((i) => i.id)).toEqual(['90']);
    held.unsubscribe();
    const calls = server.requests.map((r) => `${r.method} ${r.url}`);
    expect(calls).toContain('POST /api/v2/cart_items/merge');
    // The server cart was not read before the merge answered with it.
    expect(calls).not.toContain('GET /api/v2/cart_items');
    expect(await readGuestCartItems()).toEqual([]);
  });
});
