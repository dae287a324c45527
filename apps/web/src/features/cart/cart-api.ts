import { API, type CartItem, type GuestCartItemParams } from '@atelier/contract';
import { api } from '../../lib/api';
import { loadContractParsers } from '../../lib/load-contract-parsers';

async function parseCartItems(body: unknown): Promise<CartItem[]> {
  return (await loadContractParsers()).parseCartItemList(body);
}

/**
 * The cart's server calls (docs/product.md#server-calls). The cart slice follows their results
 * through the `loadCart` thunk, which picks the server cart or the guest's priced items.
 */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v2/cart_items: a signed-in user's server cart. */
    cartItems: build.query<CartItem[], void>({
      query: () => API.cartItems,
      transformResponse: parseCartItems,
      providesTags: ['CartItem'],
    }),
    /** GET /api/v1/guests/cart_items: a guest's local items, priced by the server. */
    guestCartItemsPriced: build.query<CartItem[], GuestCartItemParams[]>({
      query: (items) => ({
        url: API.guestCartItems,
        params: { cart_item_params: JSON.stringify(items) },
      }),
      transformResponse: parseCartItems,
    }),
  }),
});
