import {
  type AddCartItemBody,
  API,
  CART_API,
  type CartItem,
  type GuestCartItemParams,
  type MergeCartItemParams,
  type UpdateCartItemBody,
} from '@atelier/contract';
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
    /**
     * POST /api/v2/cart_items: adds a class, or changes the item of that class already in the
     * cart. The answer is not read: the cart is loaded again after (one parser for every item).
     */
    addCartItem: build.mutation<null, AddCartItemBody['cart_item']>({
      query: (item) => ({ url: API.cartItems, method: 'POST', data: { cart_item: item } }),
      transformResponse: () => null,
      invalidatesTags: ['CartItem'],
    }),
    /** PUT /api/v2/cart_items/{id}: attendees, their number, add-ons. */
    updateCartItem: build.mutation<null, { id: string; changes: UpdateCartItemBody['cart_item'] }>({
      query: ({ id, changes }) => ({
        url: API.cartItem(id),
        method: 'PUT',
        data: { cart_item: changes },
      }),
      transformResponse: () => null,
      invalidatesTags: ['CartItem'],
    }),
    /** DELETE /api/v2/cart_items/{id}. */
    removeCartItem: build.mutation<null, string>({
      query: (id) => ({ url: API.cartItem(id), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['CartItem'],
    }),
    /** POST /api/v2/cart_items/merge: a guest cart joins the user's; answers the whole cart. */
    mergeCart: build.mutation<CartItem[], MergeCartItemParams[]>({
      query: (items) => ({
        url: CART_API.merge,
        method: 'POST',
        data: { cart_item_params: items },
      }),
      transformResponse: parseCartItems,
      invalidatesTags: ['CartItem'],
    }),
  }),
});
