import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { buildOrder, orderDocument } from '../../../testing/order-builders';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CheckoutComplete } from './checkout-result';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const signedIn = { session: { status: 'loaded' as const, user: buildUser({ role: 'student' }) } };

describe('CheckoutComplete (docs/product.md#checkout-and-orders)', () => {
  it('without ?order= claims nothing was paid and points to the orders list', async () => {
    server = fakeApi({});
    renderWithProviders(<CheckoutComplete />, {
      preloadedState: signedIn,
      route: '/checkout/complete',
    });
    expect(await screen.findByTestId('checkout-complete-no-order')).toHaveTextContent(
      'There is no order to show here',
    );
    expect(screen.queryByText(/Your order is paid/)).toBeNull();
    expect(screen.getByRole('link', { name: 'See my orders' })).toHaveAttribute('href', '/orders');
  });

  it('with a paid order says it is paid and the seats are booked', async () => {
    server = fakeApi({
      'GET /api/v2/orders/5': { data: orderDocument(buildOrder({ id: '5', status: 'paid' })) },
    });
    renderWithProviders(<CheckoutComplete />, {
      preloadedState: signedIn,
      route: '/checkout/complete?order=5',
    });
    expect(await screen.findByTestId('checkout-complete-lead')).toHaveTextContent(
      'Your order is paid and your seats are booked',
    );
  });
});
