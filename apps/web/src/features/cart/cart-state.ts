import type { AnyCartItem, CartItem, CartPassItem, CartTrialItem } from '@atelier/contract';
import { cartApi } from './cart-api';
import { type CartOwner, cartOwnerOf } from './cart-owner';

// docs/product.md#client-state's cart (items, `status` idle or loaded, `loading` true at first),
// read from the cart query's entry (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md):
// no slice copies it.

export type CartStatus = 'idle' | 'loaded';
/**
 * `items` are the classes booked, `passes` the class passes (decision 076): what books seats and
 * attendees is apart from what does not, so the booking screens read `items` as before.
 */
export type CartView = {
  items: CartItem[];
  passes: CartPassItem[];
  /** Paid trial classes, one child each (docs/decisions/077-trial-classes.md). */
  trials: CartTrialItem[];
  status: CartStatus;
  loading: boolean;
};

/** What the selectors need of the app's state: the session (whose cart) and the api cache. */
type CartRootState = Parameters<ReturnType<typeof cartApi.endpoints.cart.select>>[0] & {
  session: { status: string; user: { id: string } | null };
};

const NO_ITEMS: AnyCartItem[] = [];
const isPass = (item: AnyCartItem): item is CartPassItem => item.kind === 'pass';
const isTrial = (item: AnyCartItem): item is CartTrialItem => item.kind === 'trial';
type ByKind = { items: CartItem[]; passes: CartPassItem[]; trials: CartTrialItem[] };
const split = new WeakMap<AnyCartItem[], ByKind>();

/** The entry's items by kind, the same arrays for the same entry (selectors stay stable). */
function byKind(all: AnyCartItem[]): ByKind {
  let found = split.get(all);
  if (!found) {
    found = {
      items: all.filter((item): item is CartItem => !isPass(item) && !isTrial(item)),
      passes: all.filter(isPass),
      trials: all.filter(isTrial),
    };
    split.set(all, found);
  }
  return found;
}

/** The cart entry of whoever the session holds. */
function entryOf(state: CartRootState) {
  return cartApi.endpoints.cart.select(cartOwnerOf(state.session.user))(state);
}

/**
 * The cart as the product describes it, from the query entry's state: loading until the first
 * answer and again while it is asked anew; loaded once answered; a failed load shows empty
 * (it was reported when it failed).
 */
export function cartViewOf(entry: { status: string; data?: AnyCartItem[] | undefined }): CartView {
  const loading = entry.status === 'uninitialized' || entry.status === 'pending';
  const answered = entry.status === 'fulfilled' || entry.status === 'rejected';
  const status: CartStatus = answered || entry.data !== undefined ? 'loaded' : 'idle';
  const all = entry.status === 'rejected' ? NO_ITEMS : (entry.data ?? NO_ITEMS);
  return { ...byKind(all), status, loading };
}

export const selectCartItems = (state: CartRootState): CartItem[] =>
  cartViewOf(entryOf(state)).items;
/** The badge's count. */
export const selectCartCount = (state: CartRootState): number => {
  const view = cartViewOf(entryOf(state));
  return view.items.length + view.passes.length + view.trials.length;
};
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
