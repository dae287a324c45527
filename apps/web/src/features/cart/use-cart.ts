import { useAppSelector } from '../../lib/store-hooks';
import { useCartQuery } from './cart-api';
import { type CartOwner, cartOwnerOf } from './cart-owner';
import { type CartView, cartViewOf } from './cart-state';

type SessionOnly = { session: { status: string; user: { id: string } | null } };

/**
 * The cart of whoever is signed in, or of the guest, held once the session is loaded
 * (docs/product.md#client-state: whenever the session becomes loaded, the cart loads). The shell
 * holds it on every page and each page that shows the cart holds it too: one entry per owner,
 * asked for once, and again only after a change whose answer does not carry the cart.
 */
export function useCart(): CartView & { owner: CartOwner } {
  const loaded = useAppSelector((state: SessionOnly) => state.session.status === 'loaded');
  const owner = useAppSelector((state: SessionOnly) => cartOwnerOf(state.session.user));
  const entry = useCartQuery(owner, { skip: !loaded });
  return { ...cartViewOf({ status: entry.status, data: entry.currentData }), owner };
}
