/**
 * Whose cart an entry of the cart query holds: a signed-in user's id, or the guest's browser
 * cart. Keying the entry by its owner means a sign-in or sign-out never shows one owner's items
 * to the other, even for the moment before the store reset removes the old entry.
 */
export type CartOwner = string;

/** The owner of the cart kept in this browser's database (docs/product.md#data-the-client-sees). */
export const GUEST_CART: CartOwner = 'guest';

/** The cart owner of a session's user. */
export function cartOwnerOf(user: { id: string } | null): CartOwner {
  return user ? user.id : GUEST_CART;
}
