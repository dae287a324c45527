import type { CartItem } from '@atelier/contract';
import { cartApi } from './cart-api';
import { type CartOwner, cartOwnerOf } from './cart-owner';

// docs/product.md#client-state's cart (items, `status` idle or loaded, `loading` true at first),
// read from the cart query's entry (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md):
// no slice copies it.

export type CartStatus = 'idle' | 'loaded';
export type CartView = { items: CartItem[]; status: CartStatus; loading: boolean };

/** What the selectors need of the app's state: the session (whose cart) and the api cache. */
type CartRootState = Parameters<ReturnType<typeof cartApi.endpoints.cart.select>>[0] & {
  session: { status: string; user: { id: string } | null };
};

const NO_ITEMS: CartItem[] = [];

/** The cart entry of whoever the session holds. */
function entryOf(state: CartRootState) {
  return cartApi.endpoints.cart.select(cartOwnerOf(state.session.user))(state);
}

/**
 * The cart as the product describes it, from the query entry's state: loading until the first
 * answer and again while it is asked anew; loaded once answered; a failed load shows empty
 * (it was reported when it failed).
 */
export function cartViewOf(entry: { status: string; data?: CartItem[] | undefined }): CartView {
  const loading = entry.status === 'uninitialized' || entry.status === 'pending';
  const answered = entry.status === 'fulfilled' || entry.status === 'rejected';
  const status: CartStatus = answered || entry.data !== undefined ? 'loaded' : 'idle';
  const items = entry.status === 'rejected' ? NO_ITEMS : (entry.data ?? NO_ITEMS);
  return { items, status, loading };
}

export const selectCartItems = (state: CartRootState): CartItem[] =>
  cartViewOf(entryOf(state)).items;
/** The badge's count. */
export const selectCartCount = (state: CartRootState): number => selectCartItems(state).length;
export const selectCartStatus = (state: CartRootState): CartStatus =>
  cartViewOf(entryOf(state)).status;
export const selectCartLoading = (state: CartRootState): boolean =>
  cartViewOf(entryOf(state)).loading;

/** Whose cart the session's user has (for the cart's mutations). */
export const selectCartOwner = (state: CartRootState): CartOwner => cartOwnerOf(state.session.user);

/**
 * docs/product.md#client-state *clear*: the cart empty and loaded, without asking the server
 * (the server emptied it, as a paid order does). *Reset* is the store reset, which empties the
 * api cache: the cart is then empty and not loaded until it is asked for again.
 */
export const cartCleared = (owner: CartOwner) =>
  cartApi.util.upsertQueryEntries([{ endpointName: 'cart', arg: owner, value: [] }]);
