import type { CartItem } from '@atelier/contract';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../../lib/client-config';
import { formatCents } from '../../../lib/money';
import { payablePrice } from '../cart-total';

type Props = {
  item: CartItem;
  variant?: TypographyProps['variant'];
  testId?: string;
};

/**
 * A cart item's price as the cart and checkout show it: the price when it can be bought, the word
 * "Unavailable" instead when it cannot (it is not charged, see cart-total.ts).
 */
export function CartItemPrice({ item, variant = 'body1', testId }: Props) {
  const { t, i18n } = useTranslation();
  const price = payablePrice(item);
  return (
    <Typography
      variant={variant}
      component="p"
      color={price === null ? 'text.secondary' : undefined}
      data-testid={testId}
    >
      {price === null
        ? t('cart.noPrice')
        : formatCents(price, clientConfig().currency, i18n.language)}
    </Typography>
  );
}
