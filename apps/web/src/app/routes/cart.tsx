import { CartPage } from '../../features/cart';

export function Component() {
  return <CartPage />;
}
