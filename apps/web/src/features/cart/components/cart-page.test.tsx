import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCartItem, buildUser, cartItemListDocument } from '../../../testing/builders';
import { makeStoreWithCart } from '../../../testing/cache-entries';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CartPage } from './cart-page';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const fresh = buildCartItem({ id: '7', total_price: 5000 });
const stale = buildCartItem({
  id: '8',
  total_price: 3000,
  available: false,
  unavailable_reason: 'sold_out',
  klass_group_schedule: {
    ...fresh.klass_group_schedule,
    id: '32',
    klass_group: { ...fresh.klass_group_schedule.klass_group, id: '42', name: 'Clay Studio' },
  },
});

function signedIn(items = [fresh, stale]) {
  return makeStoreWithCart({ session: { status: 'loaded', user: buildUser() } }, items);
}

describe('CartPage (docs/product.md#booking-and-the-cart)', () => {
  it('lists the items, flags an unavailable one, totals what can be bought, and holds checkout', () => {
    renderWithProviders(<CartPage />, { store: signedIn() });
    const cards = screen.getAllByTestId('cart-item');
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByTestId('cart-item-unavailable')).toHaveTextContent(
      'Not enough seats are left',
    );
    expect(within(cards[0] as HTMLElement).queryByTestId('cart-item-unavailable')).toBeNull();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$50.00');
    // The item that cannot be bought shows no price, as on /checkout (cart-total.ts).
    const prices = screen.getAllByTestId('cart-item-price').map((p) => p.textContent);
    expect(prices).toEqual(['$50.00', 'Unavailable']);
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('aria-disabled', 'true');
    // Only an item that can be bought is edited; every item can be removed.
    expect(screen.getByRole('link', { name: 'Edit Observational Drawing' })).toHaveAttribute(
      'href',
      '/cart/7',
    );
    expect(screen.queryByRole('link', { name: 'Edit Clay Studio' })).toBeNull();
  });

  it('removes an unavailable item through the server, then shows the cart it loads', async () => {
    const store = signedIn();
    let removed = false;
    server = fakeApi({
      'DELETE /api/v2/cart_items/8': () => {
        removed = true;
        return { status: 204 };
      },
      'GET /api/v2/cart_items': () => ({
        data: cartItemListDocument(removed ? [fresh] : [fresh, stale]),
      }),
    });
    const { user } = renderWithProviders(<CartPage />, { store });
    await user.click(screen.getByRole('button', { name: 'Remove Clay Studio from the cart' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(1));
    expect(removed).toBe(true);
    expect(screen.getByRole('link', { name: 'Checkout' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('offers booking when the cart is empty', () => {
    renderWithProviders(<CartPage />, { store: signedIn([]) });
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a class' })).toHaveAttribute(
      'href',
      '/book_class',
    );
  });
});
