import type { AnyCartItem } from '@atelier/contract';

/**
 * What an item adds to what will be paid: its price when it can be bought, nothing when it can no
 * longer be (decision 028). Checkout refuses such an item, so it is never charged; counting it, or
 * showing a price for it, would promise a sum the order will not have. The cart and checkout both
 * go through here so they cannot disagree (docs/product.md#booking-and-the-cart).
 */
export function payablePrice(item: AnyCartItem): number | null {
  return item.available ? item.total_price : null;
}

/** The items' total in cents: what can be bought, the rest counting 0. */
export function payableTotal(items: readonly AnyCartItem[]): number {
  return items.reduce((sum, item) => sum + (payablePrice(item) ?? 0), 0);
}
