import { AUTO_SUBMIT_ON, document, errorDocument, resource, STORAGE_KEYS } from '@atelier/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildCartItem,
  buildNotification,
  buildUser,
  cartItemListDocument,
} from '../../../testing/builders';
import { deliverLiveNotification, makeStoreWithCart } from '../../../testing/cache-entries';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { buildOrder, orderDocument } from '../../../testing/order-builders';
import {
  type AppStore,
  makeStore,
  renderWithProviders,
} from '../../../testing/render-with-providers';
import { cartApi, selectCartItems } from '../../cart';
import { CheckoutPage, PAID_WAIT_MS } from './checkout-page';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
  sessionStorage.clear();
});

const item = buildCartItem({ id: '7', available: true, unavailable_reason: null });
const order = buildOrder();

/** A forced load of the session's cart, as a sign-in's merge or a badge refresh asks for it. */
async function loadCart(store: AppStore) {
  const held = store.dispatch(
    cartApi.endpoints.cart.initiate(store.getState().session.user?.id ?? 'guest', {
      forceRefetch: true,
    }),
  );
  await held;
  held.unsubscribe();
}

function signedIn(cart: { loaded: boolean } = { loaded: true }) {
  const session = { session: { status: 'loaded' as const, user: buildUser() } };
  return cart.loaded ? makeStoreWithCart(session, [item]) : makeStore(session);
}

/** Where the router is: the path and its query. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** The checkout route and the pages it leaves for, each saying where it is. */
function renderCheckout(store = signedIn(), route = '/checkout') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/checkout/complete" element={<p>complete page</p>} />
        <Route path="/checkout/failed" element={<p>failed page</p>} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
      <Where />
    </>,
    { store, route },
  );
}

const RESUMING = '/checkout?auto_submit=1';
const location = () => screen.getByTestId('location').textContent;

const orderRoutes = (confirm: (cardNumber: string) => unknown, orderAfter = order) => {
  let paid = false;
  return {
    'POST /api/v2/orders': { status: 201, data: orderDocument(order) },
    'POST /api/v2/fake_payments/pi_fake_1/confirm': (request: { body: unknown }) => {
      const { card_number } = request.body as { card_number: string };
      const result = confirm(card_number) as { status: string };
      if (result.status === 'succeeded') paid = true;
      return { data: result };
    },
    'GET /api/v2/orders/501': () => ({
      data: orderDocument(paid ? { ...orderAfter, status: 'paid', payment: null } : orderAfter),
    }),
    'GET /api/v2/cart_items': { data: cartItemListDocument([]) },
  };
};

async function payWith(user: ReturnType<typeof renderCheckout>['user'], card: string) {
  const number = await screen.findByLabelText(/card number/i);
  await user.clear(number);
  await user.type(number, card);
  fireEvent.change(screen.getByLabelText(/expiry/i), { target: { value: '12 / 30' } });
  fireEvent.change(screen.getByLabelText(/cvc/i), { target: { value: '123' } });
  await user.click(screen.getByTestId('pay-submit'));
}

describe('/checkout (docs/product.md#checkout-and-orders)', { timeout: 30_000 }, () => {
  it('sends a guest to sign in with the order saved and auto-submit on in the way back', async () => {
    server = fakeApi({});
    const store = makeStoreWithCart({ session: { status: 'loaded', user: null } }, [
      { ...item, cart_item_attendee_profiles: [] },
    ]);
    const { user } = renderCheckout(store);
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(location()).toBe(`/login?redirect=${encodeURIComponent(RESUMING)}`);
    expect(new URLSearchParams(location()?.split('?')[1]).get('redirect')).toBe(
      `/checkout?auto_submit=${AUTO_SUBMIT_ON}`,
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.orderParams) ?? 'null')).toEqual({
      items: [{ klass_group_schedule_id: '31', number_of_attendees: 1 }],
      total: 12000,
    });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('after sign-in, waits for the cart, clears the flag and places the order exactly once', async () => {
    let posts = 0;
    let flagWhenPosted: string | null | undefined = 'unset';
    server = fakeApi({
      ...orderRoutes(() => ({ status: 'succeeded', error: null })),
      'POST /api/v2/orders': () => {
        posts += 1;
        flagWhenPosted = new URLSearchParams(location()?.split('?')[1]).get('auto_submit');
        return { status: 201, data: orderDocument(order) };
      },
      'GET /api/v2/cart_items': { data: cartItemListDocument([item]) },
    });
    localStorage.setItem(
      STORAGE_KEYS.orderParams,
      JSON.stringify({
        items: [{ klass_group_schedule_id: '31', number_of_attendees: 1 }],
        total: 12000,
      }),
    );
    const store = signedIn({ loaded: false });
    renderWithProviders(
      <StrictMode>
        <Routes>
          <Route path="/checkout" element={<CheckoutPage />} />
        </Routes>
        <Where />
      </StrictMode>,
      { store, route: RESUMING },
    );
    // Nothing is sent while the cart (merged at sign-in) is still loading.
    expect(posts).toBe(0);
    expect(location()).toBe(RESUMING);
    await act(async () => {
      await loadCart(store);
    });
    expect(await screen.findByTestId('fake-card-form')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(flagWhenPosted).toBeNull();
    expect(location()).toBe('/checkout?order=501');
    expect(localStorage.getItem(STORAGE_KEYS.orderParams)).toBeNull();
    // A later cart load (the badge refreshing) sends nothing more.
    await act(async () => {
      await loadCart(store);
    });
    expect(posts).toBe(1);
  });

  it('does not submit by itself when the cart after sign-in is not what the guest saw', async () => {
    server = fakeApi({
      'GET /api/v2/cart_items': {
        data: cartItemListDocument([item, { ...item, id: '8', number_of_attendees: 2 }]),
      },
    });
    localStorage.setItem(
      STORAGE_KEYS.orderParams,
      JSON.stringify({
        items: [{ klass_group_schedule_id: '31', number_of_attendees: 1 }],
        total: 12000,
      }),
    );
    const store = signedIn({ loaded: false });
    renderCheckout(store, RESUMING);
    await act(async () => {
      await loadCart(store);
    });
    expect(await screen.findByTestId('checkout-notice')).toHaveTextContent(/cart changed/i);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(location()).toBe('/checkout');
  });

  it('submits nothing by itself without auto_submit=1, even with an order saved', async () => {
    server = fakeApi({ 'GET /api/v2/cart_items': { data: cartItemListDocument([item]) } });
    const saved = {
      items: [{ klass_group_schedule_id: '31', number_of_attendees: 1 }],
      total: 12000,
    };
    localStorage.setItem(STORAGE_KEYS.orderParams, JSON.stringify(saved));
    const store = signedIn({ loaded: false });
    renderCheckout(store, '/checkout?auto_submit=true');
    await act(async () => {
      await loadCart(store);
    });
    expect(await screen.findByTestId('place-order')).toBeEnabled();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.orderParams) ?? 'null')).toEqual(saved);
  });

  it('after sign-in, waits for the click when an item still needs its attendees', async () => {
    const unchosen = { ...item, cart_item_attendee_profiles: [] };
    server = fakeApi({ 'GET /api/v2/cart_items': { data: cartItemListDocument([unchosen]) } });
    localStorage.setItem(
      STORAGE_KEYS.orderParams,
      JSON.stringify({
        items: [{ klass_group_schedule_id: '31', number_of_attendees: 1 }],
        total: 12000,
      }),
    );
    const store = signedIn({ loaded: false });
    renderCheckout(store, RESUMING);
    await act(async () => {
      await loadCart(store);
    });
    expect(await screen.findByTestId('checkout-notice')).toHaveTextContent(/almost there/i);
    expect(screen.getByTestId('checkout-choose-attendees')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('sends the same Idempotency-Key again when placing the order is retried', async () => {
    const keys: string[] = [];
    let answer: 'timeout' | 'ok' = 'timeout';
    server = fakeApi({
      ...orderRoutes(() => ({ status: 'succeeded', error: null })),
      'POST /api/v2/orders': (request) => {
        keys.push(String(request.headers.get('idempotency-key')));
        return answer === 'timeout'
          ? { timeout: true }
          : { status: 201, data: orderDocument(order) };
      },
    });
    const { user } = renderCheckout();
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(keys).toHaveLength(1));
    answer = 'ok';
    await user.click(await screen.findByTestId('place-order'));
    expect(await screen.findByTestId('fake-card-form')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('starts a new attempt when the kept key answers an order that is over', async () => {
    const keys: string[] = [];
    server = fakeApi({
      ...orderRoutes(() => ({ status: 'succeeded', error: null })),
      'POST /api/v2/orders': (request) => {
        const key = String(request.headers.get('idempotency-key'));
        keys.push(key);
        // The first key's order was cancelled on /orders meanwhile.
        return key === 'old-key'
          ? { status: 201, data: orderDocument({ ...order, status: 'canceled', payment: null }) }
          : { status: 201, data: orderDocument(order) };
      },
    });
    sessionStorage.setItem('atelier.checkout.idempotency_key', 'old-key');
    const { user } = renderCheckout();
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('fake-card-form')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe('old-key');
    expect(keys[1]).not.toBe('old-key');
  });

  it('goes straight to the complete page for an order with nothing to pay', async () => {
    server = fakeApi({
      'POST /api/v2/orders': {
        status: 201,
        data: orderDocument({ ...order, status: 'paid', total: 0, payment: null }),
      },
      'GET /api/v2/cart_items': { data: cartItemListDocument([]) },
    });
    const { user, store } = renderCheckout();
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByText('complete page')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(selectCartItems(store.getState())).toEqual([]));
  });

  /** The family's ledger, as /api/v2/account/ledger answers: only its balance matters here. */
  const ledgerWithBalance = (balance: number) => ({
    data: { data: [], meta: { total: 0, page: 1, per_page: 20, balance, currency: 'USD' } },
  });

  it('shows the account credit the order will take and what is left for the card, then pays the rest by card', async () => {
    const withCredit = { ...order, credit_applied: 5000, amount_due: 7000 };
    server = fakeApi({
      ...orderRoutes(() => ({ status: 'succeeded', error: null }), withCredit),
      'POST /api/v2/orders': { status: 201, data: orderDocument(withCredit) },
      'GET /api/v2/account/ledger': ledgerWithBalance(-5000),
    });
    const { user } = renderCheckout();
    expect(await screen.findByTestId('checkout-credit')).toHaveTextContent('−$50.00');
    expect(screen.getByTestId('checkout-amount-due')).toHaveTextContent('$70.00');
    expect(screen.getByTestId('place-order')).toHaveTextContent('Place order');
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('order-credit-applied')).toHaveTextContent('−$50.00');
    expect(screen.getByTestId('order-amount-due')).toHaveTextContent('$70.00');
    expect(await screen.findByTestId('pay-submit')).toHaveTextContent('$70.00');
  });

  it('offers "Pay with account credit" when the credit covers the total, landing on the complete page', async () => {
    server = fakeApi({
      'POST /api/v2/orders': {
        status: 201,
        data: orderDocument({
          ...order,
          status: 'paid',
          credit_applied: order.total,
          amount_due: 0,
          payment: null,
        }),
      },
      'GET /api/v2/account/ledger': ledgerWithBalance(-20000),
      'GET /api/v2/cart_items': { data: cartItemListDocument([]) },
    });
    const { user } = renderCheckout();
    await waitFor(() =>
      expect(screen.getByTestId('place-order')).toHaveTextContent('Pay with account credit'),
    );
    expect(screen.getByTestId('checkout-amount-due')).toHaveTextContent('$0.00');
    expect(screen.queryByLabelText(/card number/i)).toBeNull();
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByText('complete page')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('names the item that sold out (409 sold_out) and forgets the attempt', async () => {
    server = fakeApi({
      'POST /api/v2/orders': {
        status: 409,
        data: errorDocument('sold_out', 'Not enough seats left', { cart_item_id: '7' }),
      },
      'GET /api/v2/cart_items': { data: cartItemListDocument([item]) },
    });
    const { user } = renderCheckout();
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('checkout-problem')).toHaveTextContent(
      'Observational Drawing is sold out',
    );
    expect(sessionStorage.length).toBe(0);
  });

  it('names the item a 422 refers to', async () => {
    server = fakeApi({
      'POST /api/v2/orders': invalid({
        'cart_items.7.attendees': 'Kid Lovelace is already enrolled in this class',
      }),
    });
    const { user } = renderCheckout();
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('checkout-problem')).toHaveTextContent(
      'Observational Drawing: Kid Lovelace is already enrolled in this class',
    );
  });

  it('asks for a child’s missing emergency contact in place, then places the order again', async () => {
    let placed = 0;
    server = fakeApi({
      'POST /api/v2/orders': () => {
        placed += 1;
        return placed === 1
          ? invalid({
              'attendee_profiles.21.emergency_contacts':
                'Add an emergency contact for Kid before booking',
            })
          : { status: 201, data: orderDocument(order) };
      },
      'PUT /api/v1/users/1/attendee_profiles/21': {
        data: document(
          resource(
            'attendee_profiles',
            '21',
            {
              name: 'Kid',
              birthday: '2015-04-01',
              is_account_holder: false,
              gallery_visibility: 'family',
              comments_need_approval: true,
              emergency_contacts: [{ name: 'Grace', phone: '+12125550100', relation: 'aunt' }],
              allergies: '',
              medical_notes: '',
              authorised_pickups: [],
            },
            { user: { id: '1', type: 'users' } },
          ),
        ),
      },
    });
    const { user } = renderCheckout();
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('checkout-problem')).toHaveTextContent(
      'Add an emergency contact for Kid before booking',
    );
    const form = screen.getByTestId('checkout-emergency-contact');
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Grace' } });
    fireEvent.change(within(form).getByLabelText(/^Relation/), { target: { value: 'aunt' } });
    fireEvent.change(within(form).getByLabelText(/^Phone/), {
      target: { value: '+1 212 555 0100' },
    });
    await user.click(within(form).getByRole('button', { name: 'Save and place the order' }));
    await waitFor(() => expect(placed).toBe(2));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      attendee_profile: {
        emergency_contacts: [{ name: 'Grace', relation: 'aunt', phone: '+1 212 555 0100' }],
      },
    });
    await waitFor(() => expect(screen.queryByTestId('checkout-emergency-contact')).toBeNull());
  });

  it('names the coupon that is used up (409 coupon_used_up)', async () => {
    server = fakeApi({
      'POST /api/v2/orders': {
        status: 409,
        data: errorDocument('coupon_used_up', 'Used up', { coupon_code: 'WELCOME10' }),
      },
    });
    const { user } = renderCheckout();
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('checkout-problem')).toHaveTextContent(
      'The coupon WELCOME10 has been used up',
    );
  });

  it('shows an item that can no longer be booked without a price, and counts it 0, as the cart does', () => {
    server = fakeApi({});
    const stale = buildCartItem({
      id: '8',
      total_price: 3000,
      available: false,
      unavailable_reason: 'unpublished',
    });
    const store = makeStoreWithCart({ session: { status: 'loaded', user: buildUser() } }, [
      { ...item, total_price: 5000 },
      stale,
    ]);
    renderCheckout(store);
    const prices = screen.getAllByTestId('checkout-item-price').map((p) => p.textContent);
    expect(prices).toEqual(['$50.00', 'Unavailable']);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$50.00');
    expect(screen.getByTestId('place-order')).toBeDisabled();
  });

  it('asks for attendees before an item can be ordered', async () => {
    server = fakeApi({});
    const store = makeStoreWithCart({ session: { status: 'loaded', user: buildUser() } }, [
      { ...item, cart_item_attendee_profiles: [] },
    ]);
    renderCheckout(store);
    expect(screen.getByTestId('checkout-choose-attendees')).toHaveAttribute('href', '/cart/7');
    expect(screen.getByTestId('place-order')).toBeDisabled();
  });

  it('shows a declined card on the form, then pays the same order on a retry', async () => {
    const cards: string[] = [];
    server = fakeApi(
      orderRoutes((card) => {
        cards.push(card);
        return card === '4242424242424242'
          ? { status: 'succeeded', error: null }
          : {
              status: 'failed',
              error: { code: 'card_declined', message: 'Your card was declined.' },
            };
      }),
    );
    const { user, store } = renderCheckout();
    await user.click(screen.getByTestId('place-order'));
    await payWith(user, '4000 0000 0000 0002');
    expect(await screen.findByTestId('payment-declined')).toHaveTextContent(
      'Your card was declined.',
    );
    await payWith(user, '4242 4242 4242 4242');
    expect(await screen.findByTestId('checkout-confirming')).toBeInTheDocument();
    // The server pushes the buyer's "paid" notice over the live channel; checkout asks once.
    await deliverLiveNotification(
      store,
      buildNotification({ id: '90', record: { type: 'orders', id: order.id } }),
    );
    expect(await screen.findByText('complete page')).toBeInTheDocument();
    expect(cards).toEqual(['4000000000000002', '4242424242424242']);
    const confirms = server.requests.filter((r) => r.url.endsWith('/confirm'));
    expect(confirms.map((r) => (r.body as { client_secret: string }).client_secret)).toEqual([
      'pi_fake_1_secret_abc',
      'pi_fake_1_secret_abc',
    ]);
    // One order for both tries; once paid, the (emptied) cart is fetched again for the badge.
    expect(server.requests.filter((r) => r.url === '/api/v2/orders')).toHaveLength(1);
    await waitFor(() => expect(selectCartItems(store.getState())).toEqual([]));
  });

  it('goes on to the complete page when no "paid" arrives within the wait, the order still pending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server = fakeApi(orderRoutes(() => ({ status: 'succeeded', error: null })));
      const { user } = renderCheckout(signedIn(), '/checkout?order=501');
      await payWith(user, '4242 4242 4242 4242');
      expect(await screen.findByTestId('checkout-confirming')).toBeInTheDocument();
      const asked = server.requests.filter((r) => r.url === '/api/v2/orders/501').length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PAID_WAIT_MS - 100);
      });
      expect(screen.queryByText('complete page')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      expect(await screen.findByText('complete page')).toBeInTheDocument();
      // No polling: the order was not asked for again while waiting.
      expect(server.requests.filter((r) => r.url === '/api/v2/orders/501')).toHaveLength(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves for the failed page when the hold expired while paying', async () => {
    let attempted = false;
    server = fakeApi({
      'POST /api/v2/fake_payments/pi_fake_1/confirm': () => {
        attempted = true;
        return { data: { status: 'failed', error: { code: 'expired', message: 'Expired.' } } };
      },
      'GET /api/v2/orders/501': () => ({
        data: orderDocument(attempted ? { ...order, status: 'expired', payment: null } : order),
      }),
    });
    const { user } = renderCheckout(signedIn(), '/checkout?order=501');
    await payWith(user, '4242 4242 4242 4242');
    expect(await screen.findByText('failed page')).toBeInTheDocument();
  });
  it('lets a month plan be paid monthly, with autopay only once a card is saved (decision 075)', async () => {
    const monthly = {
      ...item,
      klass_group_schedule: {
        ...item.klass_group_schedule,
        klass_group_schedule_plan: {
          plan: { base_price: 1000, unit_price: 12_000, unit_type: 'month' as const },
        },
      },
    };
    server = fakeApi({
      ...orderRoutes(() => ({ status: 'succeeded', error: null })),
      'GET /api/v2/account/payment_methods': {
        data: {
          data: [
            {
              id: '3',
              brand: 'visa',
              last4: '4242',
              exp_month: 4,
              exp_year: 2031,
              default: true,
              created_at: '2026-11-02T15:00:00.000Z',
            },
          ],
        },
      },
    });
    const store = makeStoreWithCart({ session: { status: 'loaded' as const, user: buildUser() } }, [
      monthly,
    ]);
    const { user } = renderCheckout(store);
    const choice = await screen.findByTestId('payment-schedule');
    expect(within(choice).getByRole('radio', { name: 'Pay in full now' })).toBeChecked();
    await user.click(within(choice).getByRole('radio', { name: /Pay monthly/ }));
    expect(within(choice).getByTestId('monthly-note')).toHaveTextContent('then $120.00 each month');
    const autopay = await within(choice).findByRole('checkbox', {
      name: 'Autopay each month with my saved card',
    });
    await waitFor(() => expect(autopay).toBeEnabled());
    await user.click(autopay);
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() =>
      expect(server?.requests.find((r) => r.method === 'POST')?.body).toEqual({
        monthly: [{ cart_item_id: '7', autopay: true }],
      }),
    );
  });
});
