import type { CartItem, CartPassItem, CartTrialItem } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { handleError } from '../../../lib/api-client';
import { clientConfig } from '../../../lib/client-config';
import { formatPlainDate } from '../../../lib/format-date';
import { formatCents } from '../../../lib/money';
import { paths } from '../../../lib/route-paths';
import { useAppSelector } from '../../../lib/store-hooks';
import { useRemoveFromCartMutation } from '../cart-api';
import { GUEST_CART } from '../cart-owner';
import { selectCartOwner } from '../cart-state';
import { payableTotal } from '../cart-total';
import { trialTitle } from '../trial-title';
import { useCart } from '../use-cart';
import { CartItemPrice } from './cart-item-price';

/** What one unit of a plan means (docs/product.md#booking-and-the-cart). */
export function unitKey(
  unitType: string,
): 'cart.unit.class' | 'cart.unit.month' | 'cart.unit.term' {
  if (unitType === 'month') return 'cart.unit.month';
  if (unitType === 'term') return 'cart.unit.term';
  return 'cart.unit.class';
}

/** Remove for one cart item: the button waits while it goes, and says so if it could not. */
function useRemoveCartItem(id: string) {
  const { t } = useTranslation();
  const owner = useAppSelector(selectCartOwner);
  const [removeFromCart] = useRemoveFromCartMutation();
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    setRemoving(true);
    const result = await removeFromCart({ owner, id });
    if ('error' in result) {
      handleError(result.error, t('cart.removeFailed'));
      setRemoving(false);
    }
  };
  return { remove, removing };
}

/** What a cart item books, in words: programme, schedule and dates, plan, people, add-ons, coupon. */
function CartItemCard({ item }: { item: CartItem }) {
  const { t, i18n } = useTranslation();
  const { remove, removing } = useRemoveCartItem(item.id);
  const schedule = item.klass_group_schedule;
  const programme = schedule.klass_group.name;
  const plan = schedule.klass_group_schedule_plan.plan;
  const names = item.cart_item_attendee_profiles
    .map((a) => a.attendee_profile.name)
    .filter((name): name is string => Boolean(name));
  const addons = item.cart_item_klass_group_schedule_addons
    .map((a) => a.klass_group_schedule_addon.name)
    .filter((name): name is string => Boolean(name));
  const headingId = `cart-item-${item.id}-title`;

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="cart-item"
      sx={{ p: 2, listStyle: 'none' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h6" component="h2" id={headingId}>
            {programme}
          </Typography>
          {schedule.start_date && schedule.end_date && (
            <Typography variant="body2">
              {t('cart.dates', {
                name: schedule.name ?? '',
                start: formatPlainDate(schedule.start_date, i18n.language),
                end: formatPlainDate(schedule.end_date, i18n.language),
              })}
            </Typography>
          )}
          {plan.name && (
            <Typography variant="body2">
              {t('cart.plan', { name: plan.name, unit: t(unitKey(plan.unit_type)) })}
            </Typography>
          )}
          <Typography variant="body2">
            {names.length > 0
              ? t('cart.attendees', { names: names.join(', ') })
              : t('cart.attendeeCount', { count: item.number_of_attendees })}
          </Typography>
          {addons.length > 0 && (
            <Typography variant="body2">
              {t('cart.addons', { names: addons.join(', ') })}
            </Typography>
          )}
          {item.coupon_code && (
            <Typography variant="body2">
              {item.coupon
                ? t('cart.coupon', { code: item.coupon.code })
                : t('cart.couponNotApplied', { code: item.coupon_code })}
            </Typography>
          )}
        </Box>
        <Stack spacing={1} sx={{ alignItems: { sm: 'flex-end' } }}>
          <CartItemPrice item={item} variant="h6" testId="cart-item-price" />
          <Stack direction="row" spacing={1}>
            {item.available && (
              <Button
                component={RouterLink}
                to={paths.cartItem(item.id)}
                size="small"
                aria-label={t('cart.editLabel', { name: programme })}
              >
                {t('cart.edit')}
              </Button>
            )}
            <Button
              size="small"
              color="error"
              onClick={remove}
              disabled={removing}
              aria-label={t('cart.removeLabel', { name: programme })}
            >
              {t('cart.remove')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
      {!item.available && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="cart-item-unavailable">
          {t(`cart.unavailable.${item.unavailable_reason ?? 'unpublished'}`)}
        </Alert>
      )}
    </Paper>
  );
}

/** A class pass in the cart: its name, visits and validity, its price, and Remove. */
function CartPassCard({ item }: { item: CartPassItem }) {
  const { t } = useTranslation();
  return (
    <OneLineItemCard
      item={item}
      title={item.pass.name}
      detail={t('cart.passLine', { visits: item.pass.visits, days: item.pass.validity_days })}
      testId="cart-pass-item"
    />
  );
}

/** A paid trial class in the cart: the class, the child, the price, and Remove (decision 077). */
function CartTrialCard({ item }: { item: CartTrialItem }) {
  const { t, i18n } = useTranslation();
  return (
    <OneLineItemCard
      item={item}
      title={trialTitle(t, item, i18n.language)}
      testId="cart-trial-item"
    />
  );
}

/** An item the cart says in a title (and a line): its price, whether it can be bought, Remove. */
function OneLineItemCard({
  item,
  title,
  detail,
  testId,
}: {
  item: CartPassItem | CartTrialItem;
  title: string;
  detail?: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const { remove, removing } = useRemoveCartItem(item.id);
  const money = (cents: number) => formatCents(cents, clientConfig().currency, i18n.language);
  const headingId = `cart-item-${item.id}-title`;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none' }}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2" id={headingId}>
            {title}
          </Typography>
          {detail && <Typography variant="body2">{detail}</Typography>}
        </Box>
        <Typography>{money(item.total_price)}</Typography>
      </Stack>
      {!item.available && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t(`cart.unavailable.${item.unavailable_reason ?? 'unpublished'}`)}
        </Alert>
      )}
      <Button
        onClick={() => void remove()}
        disabled={removing}
        aria-label={t('cart.removeLabel', { name: title })}
      >
        {t('cart.remove')}
      </Button>
    </Paper>
  );
}

/**
 * /cart (docs/product.md#booking-and-the-cart): every item, priced by the server now; one that can no longer be
 * bought is flagged and can be removed (decision 028). The total counts what can be bought.
 */
export function CartPage() {
  const { t, i18n } = useTranslation();
  const { items, passes, trials, status, loading, owner } = useCart();
  const currency = clientConfig().currency;
  const money = (cents: number) => formatCents(cents, currency, i18n.language);
  const available = [
    ...items.filter((item) => item.available),
    ...passes,
    ...trials.filter((item) => item.available),
  ];
  const total = payableTotal(items) + payableTotal(passes) + payableTotal(trials);
  const someUnavailable = available.length < items.length + passes.length + trials.length;

  if (status !== 'loaded' && loading) {
    return (
      <>
        <PageTitle title={t('pages.cart')} />
        <CircularProgress aria-label={t('cart.loading')} />
      </>
    );
  }

  return (
    <>
      <PageTitle title={t('pages.cart')} />
      {items.length === 0 && passes.length === 0 && trials.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('cart.empty')}</Typography>
          <Button component={RouterLink} to={paths.bookClass} variant="contained">
            {t('cart.bookClass')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label={t('cart.items')}>
            {items.map((item) => (
              <CartItemCard key={item.id} item={item} />
            ))}
            {passes.map((item) => (
              <CartPassCard key={item.id} item={item} />
            ))}
            {trials.map((item) => (
              <CartTrialCard key={item.id} item={item} />
            ))}
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="p" data-testid="cart-total">
              {t('cart.total', { amount: money(total) })}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button component={RouterLink} to={paths.bookClass}>
                {t('cart.bookMore')}
              </Button>
              <Button
                component={RouterLink}
                to={paths.checkout}
                variant="contained"
                disabled={available.length === 0 || someUnavailable}
              >
                {t('cart.checkout')}
              </Button>
            </Stack>
          </Stack>
          {someUnavailable && <Alert severity="info">{t('cart.removeUnavailable')}</Alert>}
          {owner === GUEST_CART && (
            // A guest's cart lives in this browser and holds classes only (decision 076).
            <Typography variant="body2" data-testid="cart-passes-sign-in">
              {t('cart.passesSignIn')}
            </Typography>
          )}
        </Stack>
      )}
    </>
  );
}
