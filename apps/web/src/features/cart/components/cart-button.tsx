import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CountBadge } from '../../../components/feedback/count-badge';
import { paths } from '../../../lib/route-paths';
import { useCart } from '../use-cart';

/** The top bar's cart link with its item-count badge (docs/product.md#routes-and-screens, students only). */
export function CartButton() {
  const { t } = useTranslation();
  const { items, passes, trials } = useCart();
  const count = items.length + passes.length + trials.length;
  const label = count > 0 ? t('layout.cartItems', { count }) : t('layout.cart');
  return (
    <IconButton
      component={RouterLink}
      to={paths.cart}
      color="inherit"
      aria-label={label}
      data-testid="top-bar-cart"
    >
      <CountBadge count={count} testId="cart-badge">
        <ShoppingCartIcon />
      </CountBadge>
    </IconButton>
  );
}
