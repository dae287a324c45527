import { CartItemEditor } from '../../features/booking';

export function Component() {
  return <CartItemEditor />;
}
