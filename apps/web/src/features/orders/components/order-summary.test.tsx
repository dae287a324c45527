import type { EnrollmentOrderLine } from '@atelier/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOrder } from '../../../testing/order-builders';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { OrderSummary } from './order-summary';

const base = buildOrder();
const item = base.items[0] as EnrollmentOrderLine;

describe('an order’s prices (docs/product.md#receipts)', () => {
  it('shows each item at list price, the subtotal, each coupon’s discount by code, and the total', () => {
    const order = buildOrder({
      subtotal: 30100,
      discount: 3010,
      total: 27090,
      items: [
        {
          ...item,
          subtotal: 30100,
          discount: 3010,
          total: 27090,
          coupon: { code: 'SPRING10', discount_type: 'percent', discount_amount: 10 },
        },
      ],
    });
    renderWithProviders(<OrderSummary order={order} />);
    expect(screen.getByTestId('order-item-price')).toHaveTextContent('$301.00');
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$301.00');
    const discount = screen.getByTestId('order-discount');
    expect(discount.parentElement).toHaveTextContent('Discount (coupon SPRING10)');
    expect(discount).toHaveTextContent('−$30.10');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$270.90');
    // The discounted price is the total's alone, not the item's.
    expect(within(screen.getByTestId('order-item')).queryByText('$270.90')).toBeNull();
  });

  it('adds the discount left on the order as a whole, and none when nothing was taken off', () => {
    const { unmount } = renderWithProviders(
      <OrderSummary order={buildOrder({ subtotal: 12000, discount: 1000, total: 11000 })} />,
    );
    expect(screen.getByTestId('order-discount').parentElement).toHaveTextContent('Discount−$10.00');
    unmount();
    renderWithProviders(<OrderSummary order={buildOrder()} />);
    expect(screen.queryByTestId('order-discount')).toBeNull();
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$120.00');
  });
});
