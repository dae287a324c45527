import { AUTO_SUBMIT_PARAM, type CartItem, type Order } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { translateServerMessage } from '../../../components/form/server-messages';
import type { MessageKey } from '../../../i18n/i18n';
import { handleError, toApiError } from '../../../lib/api-client';
import { clientConfig } from '../../../lib/client-config';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatCents } from '../../../lib/money';
import { paths } from '../../../lib/route-paths';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { usePaymentMethodsQuery } from '../../billing';
import { CartItemPrice, cartApi, payableTotal, trialTitle, useCart } from '../../cart';
import { EmergencyContactForm } from '../../family';
import { ownLedgerChanged, useAccountLedgerQuery } from '../../ledger';
import {
  OrderSummary,
  orderMoney,
  ordersApi,
  useOrderQuery,
  usePlaceOrderMutation,
} from '../../orders';
import { familyIdOf, selectSessionStatus, selectUser } from '../../session';
import {
  asksToAutoSubmit,
  CHECKOUT_RESUME_PATH,
  forgetIdempotencyKey,
  idempotencyKey,
  type SavedOrder,
  saveOrderForLater,
  takeSavedOrder,
} from '../checkout-storage';
import { PaymentForm } from './payment-form';

/**
 * How long checkout waits for the live "paid" after the card was accepted before it goes on to
 * the complete page (docs/product.md#checkout-and-orders: the webhook applies it at once for the
 * fake provider, possibly a moment later for Stripe).
 */
export const PAID_WAIT_MS = 10_000;

type Problem = { key: MessageKey; values?: Record<string, string> } | { text: string };

/** Who attends is chosen for every seat of the item. */
function attendeesChosen(item: CartItem): boolean {
  return item.cart_item_attendee_profiles.length >= item.number_of_attendees;
}

/** What a guest is about to order, saved across sign-in (checkout-storage.ts). */
function savedOrderOf(items: CartItem[]): SavedOrder {
  return {
    items: items.map((i) => ({
      klass_group_schedule_id: i.klass_group_schedule.id,
      number_of_attendees: i.number_of_attendees,
    })),
    total: payableTotal(items),
  };
}

/** The cart after sign-in still books what the guest saw: the same schedules and seats. */
function sameOrder(saved: SavedOrder, items: CartItem[]): boolean {
  const key = (i: SavedOrder['items'][number]) =>
    `${i.klass_group_schedule_id}×${i.number_of_attendees}`;
  const now = savedOrderOf(items).items.map(key).sort();
  const then = saved.items.map(key).sort();
  return now.length === then.length && now.every((k, index) => k === then[index]);
}

/**
 * A 422 for the cart: its entries name items (`cart_items.{id}.{field}`: attendees not chosen, a
 * class no longer bookable, an attendee already enrolled), each shown with the item's programme.
 */
function cartRefusal(fields: Record<string, string>, items: CartItem[], t: TFunction): Problem {
  const lacking = new Map(lackingContacts(fields, items).map((c) => [c.id, c.name]));
  const lines = Object.entries(fields).map(([field, detail]) => {
    const child = /^attendee_profiles\.([^.]+)\.emergency_contacts$/.exec(field)?.[1];
    if (child && lacking.has(child)) {
      return t('childCard.checkoutNeeded', { name: lacking.get(child) ?? '' });
    }
    const id = /^cart_items\.([^.]+)\./.exec(field)?.[1];
    const item = items.find((i) => i.id === id);
    const text = translateServerMessage(detail, t);
    return item ? `${item.klass_group_schedule.klass_group.name}: ${text}` : text;
  });
  return lines.length > 0 ? { text: lines.join(' ') } : { key: 'checkout.cartEmpty' };
}

/**
 * The children checkout refused for want of an emergency contact
 * (`attendee_profiles.{id}.emergency_contacts`, docs/product.md#the-childs-card), named as the
 * cart names them.
 */
function lackingContacts(
  fields: Record<string, string>,
  items: CartItem[],
): { id: string; name: string }[] {
  const names = new Map(
    items.flatMap((i) =>
      i.cart_item_attendee_profiles.map((a) => [a.attendee_profile.id, a.attendee_profile.name]),
    ),
  );
  return Object.keys(fields).flatMap((field) => {
    const id = /^attendee_profiles\.([^.]+)\.emergency_contacts$/.exec(field)?.[1];
    return id ? [{ id, name: names.get(id) ?? '' }] : [];
  });
}

/** Paths to leave checkout for, by the order's final state. */
function afterOrder(order: Order): string {
  if (order.status === 'pending' || order.status === 'paid') {
    return `${paths.checkoutComplete}?${new URLSearchParams({ order: order.id })}`;
  }
  return `${paths.checkoutFailed}?${new URLSearchParams({ reason: order.status })}`;
}

/**
 * /checkout (docs/product.md#checkout-and-orders): the cart, who attends each item and the total;
 * "Place order" makes a pending order (a guest signs in first, and checkout resumes by itself
 * afterwards), then the card form pays it. `?order={id}` pays an order already placed (a
 * reload, or "Pay" on /orders).
 */
export function CheckoutPage() {
  const [search] = useSearchParams();
  const orderId = search.get('order');
  const sessionStatus = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectUser);
  if (sessionStatus !== 'loaded') return <Loading />;
  if (orderId && user) return <PayOrder orderId={orderId} />;
  return <CheckoutCart />;
}

function Loading() {
  const { t } = useTranslation();
  return <CircularProgress size={32} aria-label={t('checkout.loading')} />;
}

/** The cart as it will be ordered, and "Place order". */
function CheckoutCart() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const autoSubmit = asksToAutoSubmit(search);
  const user = useAppSelector(selectUser);
  const { items, passes, trials, status: cartStatus, loading: cartLoading } = useCart();
  const [placeOrder, { isLoading: placing }] = usePlaceOrderMutation();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<MessageKey | null>(null);
  const [needContacts, setNeedContacts] = useState<{ id: string; name: string }[]>([]);
  const cartReady = cartStatus === 'loaded' && !cartLoading;
  // Month plans may be paid monthly, with autopay on the family's default saved card
  // (docs/decisions/075-monthly-tuition-and-billing-runs.md); pay in full stays the default.
  const [monthly, setMonthly] = useState<Record<string, { on: boolean; autopay: boolean }>>({});
  const { data: cards = [] } = usePaymentMethodsQuery(undefined, { skip: !user });
  const hasCard = cards.length > 0;
  const monthlyChoices = items
    .filter(
      (i) =>
        i.klass_group_schedule.klass_group_schedule_plan.plan.unit_type === 'month' &&
        monthly[i.id]?.on,
    )
    .map((i) => ({ cart_item_id: i.id, autopay: Boolean(monthly[i.id]?.autopay && hasCard) }));
  const currency = clientConfig().currency;
  const money = (cents: number) => formatCents(cents, currency, i18n.language);
  // Class passes are paid with the classes (docs/decisions/076-class-passes-and-drop-ins.md).
  const total = payableTotal(items) + payableTotal(passes) + payableTotal(trials);
  // What the family's account credit will pay (docs/product.md#checkout-and-orders): the server
  // applies it when the order is placed, so this is what the order will say.
  const { data: ledger } = useAccountLedgerQuery(1, {
    skip: !user,
    refetchOnMountOrArgChange: true,
  });
  const credit = Math.min(total, Math.max(0, -(ledger?.meta.balance ?? 0)));
  const creditPaysAll = credit > 0 && credit === total;
  const unavailable = items.some((i) => i.available === false);
  const missingAttendees = user !== null && items.some((i) => !attendeesChosen(i));
  const canOrder =
    items.length + passes.length + trials.length > 0 &&
    !unavailable &&
    !trials.some((i) => !i.available) &&
    !missingAttendees;

  const place = async () => {
    setProblem(null);
    setNotice(null);
    try {
      let order = await placeOrder({
        idempotencyKey: idempotencyKey(),
        monthly: monthlyChoices,
      }).unwrap();
      if (order.status !== 'pending' && order.status !== 'paid') {
        // The key's order is over (cancelled on /orders, or expired): that attempt has ended,
        // and the server would answer the same order again. A new key makes a new order.
        forgetIdempotencyKey();
        order = await placeOrder({
          idempotencyKey: idempotencyKey(),
          monthly: monthlyChoices,
        }).unwrap();
      }
      if (order.status === 'paid') {
        // Nothing left for the card (a coupon or the account credit took the whole price): the
        // server paid it at once.
        forgetIdempotencyKey();
        if (order.credit_applied > 0) dispatch(ownLedgerChanged());
        // The server emptied the cart; its answer does not carry the cart, so it is asked again.
        dispatch(cartApi.util.invalidateTags(['CartItem']));
        navigate(afterOrder(order), { replace: true });
        return;
      }
      // The card form reads the order from the cache of its own query: no second request.
      await dispatch(ordersApi.util.upsertQueryData('order', order.id, order));
      setSearch({ order: order.id }, { replace: true });
    } catch (error) {
      const failure = toApiError(error);
      if (failure.status === null || failure.status >= 500) {
        // Nothing is known about the attempt: the same key, on a retry, finds its order if made.
        handleError(error, t('checkout.placeFailed'));
        return;
      }
      // The server refused this cart: the next attempt, on a changed cart, is a new one.
      forgetIdempotencyKey();
      if (failure.errorCode === 'sold_out') {
        const id = String(failure.meta?.cart_item_id ?? '');
        const item = items.find((i) => i.id === id);
        setProblem({
          key: 'checkout.soldOut',
          values: { name: item?.klass_group_schedule.klass_group.name ?? failure.detail ?? '' },
        });
        dispatch(cartApi.util.invalidateTags(['CartItem']));
      } else if (failure.errorCode === 'coupon_used_up') {
        setProblem({
          key: 'checkout.couponUsedUp',
          values: { code: String(failure.meta?.coupon_code ?? '') },
        });
      } else if (failure.status === 422) {
        setNeedContacts(lackingContacts(failure.fields, items));
        setProblem(cartRefusal(failure.fields, items, t));
      } else if (failure.status === 409 && failure.detail) {
        setProblem({ text: failure.detail });
      } else {
        handleError(error, t('checkout.placeFailed'));
      }
    }
  };

  const onPlaceOrder = () => {
    if (user) {
      void place();
      return;
    }
    // A guest signs in (or registers) first; the way back asks checkout to submit by itself.
    saveOrderForLater(savedOrderOf(items));
    navigate(`${paths.login}?${new URLSearchParams({ redirect: CHECKOUT_RESUME_PATH })}`);
  };

  // After sign-in or registration, `?auto_submit=1`: the guest's "Place order", once. First the
  // saved order is taken (removed, so another tab or a second mount finds none) and the parameter
  // leaves the URL in place of the entry (Back does not ask again); the order is sent on the
  // render after, from what was taken. The cart must be loaded first, since signing in merges the
  // guest's cart into the account's.
  const resumed = useRef<SavedOrder | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `place` is remade each render; this runs when the session, the cart or the query changes
  useEffect(() => {
    if (!user || !cartReady) return;
    if (autoSubmit) {
      const taken = takeSavedOrder();
      if (taken) resumed.current = taken;
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(AUTO_SUBMIT_PARAM);
          return next;
        },
        { replace: true },
      );
      return;
    }
    const saved = resumed.current;
    if (!saved) return;
    resumed.current = null;
    if (!sameOrder(saved, items)) {
      setNotice('checkout.cartChanged');
      return;
    }
    if (!canOrder) {
      setNotice('checkout.finishFirst');
      return;
    }
    void place();
  }, [autoSubmit, user, cartReady, items, canOrder]);

  if (!cartReady) return <Loading />;

  if (items.length === 0 && passes.length === 0 && trials.length === 0) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography data-testid="checkout-empty">{t('checkout.empty')}</Typography>
        <Button component={RouterLink} to={paths.bookClass} variant="contained">
          {t('checkout.bookClass')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      {notice && (
        <Alert severity="info" data-testid="checkout-notice">
          {t(notice)}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" role="alert" data-testid="checkout-problem">
          {'key' in problem ? t(problem.key, problem.values) : problem.text}
        </Alert>
      )}
      {user &&
        needContacts.map((child) => (
          <EmergencyContactForm
            key={child.id}
            userId={familyIdOf(user)}
            attendeeId={child.id}
            name={child.name}
            onSaved={() => {
              const rest = needContacts.filter((c) => c.id !== child.id);
              setNeedContacts(rest);
              // Every child has a contact now: the order goes again, as "Place order" would.
              if (rest.length === 0) void place();
            }}
          />
        ))}
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {trials.map((item) => (
          <Box component="li" key={item.id} data-testid="checkout-item">
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
              <Typography sx={{ fontWeight: 600 }}>{trialTitle(t, item, i18n.language)}</Typography>
              <Typography data-testid="checkout-item-price">{money(item.total_price)}</Typography>
            </Stack>
          </Box>
        ))}
        {passes.map((item) => (
          <Box component="li" key={item.id} data-testid="checkout-item">
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
              <Typography sx={{ fontWeight: 600 }}>{item.pass.name}</Typography>
              <Typography data-testid="checkout-item-price">{money(item.total_price)}</Typography>
            </Stack>
            <Typography variant="body2">
              {t('cart.passLine', { visits: item.pass.visits, days: item.pass.validity_days })}
            </Typography>
          </Box>
        ))}
        {items.map((item) => (
          <Box component="li" key={item.id} data-testid="checkout-item">
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {item.klass_group_schedule.klass_group.name}
              </Typography>
              <CartItemPrice item={item} testId="checkout-item-price" />
            </Stack>
            {item.available === false ? (
              <Link component={RouterLink} to={paths.cart}>
                {t('checkout.unavailable')}
              </Link>
            ) : user && !attendeesChosen(item) ? (
              <Link
                component={RouterLink}
                to={paths.cartItem(item.id)}
                data-testid="checkout-choose-attendees"
              >
                {t('checkout.chooseAttendees')}
              </Link>
            ) : (
              <Typography variant="body2">
                {t('orders.attendees', {
                  names:
                    item.cart_item_attendee_profiles
                      .map((a) => a.attendee_profile.name ?? '')
                      .filter(Boolean)
                      .join(', ') || t('checkout.seats', { count: item.number_of_attendees }),
                })}
              </Typography>
            )}
            {user &&
              item.klass_group_schedule.klass_group_schedule_plan.plan.unit_type === 'month' && (
                <PaymentScheduleChoice
                  name={item.klass_group_schedule.klass_group.name}
                  monthlyPrice={money(
                    item.klass_group_schedule.klass_group_schedule_plan.plan.unit_price *
                      item.number_of_attendees,
                  )}
                  value={monthly[item.id] ?? { on: false, autopay: false }}
                  hasCard={hasCard}
                  onChange={(value) => setMonthly((m) => ({ ...m, [item.id]: value }))}
                />
              )}
          </Box>
        ))}
      </Stack>
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 700 }}>{t('orders.total')}</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="checkout-total">
          {money(total)}
        </Typography>
      </Stack>
      {credit > 0 && (
        <>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography>{t('orders.accountCredit')}</Typography>
            <Typography data-testid="checkout-credit">−{money(credit)}</Typography>
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 700 }}>{t('orders.toPayByCard')}</Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid="checkout-amount-due">
              {money(total - credit)}
            </Typography>
          </Stack>
        </>
      )}
      {!user && <Typography variant="body2">{t('checkout.signInFirst')}</Typography>}
      <Stack direction="row" spacing={2}>
        <Button
          variant="contained"
          onClick={onPlaceOrder}
          disabled={!canOrder || placing}
          data-testid="place-order"
        >
          {t(creditPaysAll ? 'checkout.payWithCredit' : 'checkout.placeOrder')}
        </Button>
        <Button component={RouterLink} to={paths.cart}>
          {t('checkout.backToCart')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Pay a month plan in full (the default) or monthly, and then with autopay on the default saved
 * card (docs/decisions/075-monthly-tuition-and-billing-runs.md).
 */
function PaymentScheduleChoice({
  name,
  monthlyPrice,
  value,
  hasCard,
  onChange,
}: {
  name: string;
  /** A full month's price, formatted. */
  monthlyPrice: string;
  value: { on: boolean; autopay: boolean };
  hasCard: boolean;
  onChange: (value: { on: boolean; autopay: boolean }) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }} data-testid="payment-schedule">
      <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
        {t('billing.checkout.legend', { name })}
      </Typography>
      <RadioGroup
        value={value.on ? 'monthly' : 'in_full'}
        onChange={(e) => onChange({ ...value, on: e.target.value === 'monthly' })}
      >
        <FormControlLabel
          value="in_full"
          control={<Radio size="small" />}
          label={t('billing.checkout.inFull')}
        />
        <FormControlLabel
          value="monthly"
          control={<Radio size="small" />}
          label={t('billing.checkout.monthly')}
        />
      </RadioGroup>
      {value.on && (
        <>
          <Typography variant="body2" data-testid="monthly-note">
            {t('billing.checkout.note', { amount: monthlyPrice })}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={value.autopay && hasCard}
                disabled={!hasCard}
                onChange={(e) => onChange({ ...value, autopay: e.target.checked })}
              />
            }
            label={t('billing.checkout.autopay')}
          />
          {!hasCard && <Typography variant="body2">{t('billing.checkout.noCard')}</Typography>}
        </>
      )}
    </Box>
  );
}

/** An order placed and not yet paid: what it holds, until when, and the card form. */
function PayOrder({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const { data: order, isError, refetch } = useOrderQuery(orderId);
  const [confirming, setConfirming] = useState(false);
  const [waitedOut, setWaitedOut] = useState(false);

  // An order that is no longer pending leaves checkout: paid to the complete page, expired,
  // canceled or failed to the failed page (whose way back is the cart). Once the card was
  // accepted, "paid" arrives over the live channel, which asks for this order again
  // (features/notifications/notifications-live.ts; a reconnect asks once more); a payment not
  // applied within PAID_WAIT_MS goes on all the same, and the complete page says it is being
  // confirmed.
  useEffect(() => {
    if (!order) return;
    if (order.status === 'pending' && !(confirming && waitedOut)) return;
    forgetIdempotencyKey();
    // The server emptied the cart when the order was paid: the badge follows, and the family's
    // statement has the order's entries.
    if (order.status === 'paid') {
      dispatch(cartApi.util.invalidateTags(['CartItem']));
      dispatch(ownLedgerChanged());
    }
    navigate(afterOrder(order), { replace: true });
  }, [order, confirming, waitedOut, navigate, dispatch]);

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setWaitedOut(true), PAID_WAIT_MS);
    return () => clearTimeout(timer);
  }, [confirming]);

  // The hold ends at `expires_at`: then ask again, and the effect above leaves if it expired.
  const expiresAt = order ? Date.parse(order.expires_at) : Number.NaN;
  useEffect(() => {
    if (!Number.isFinite(expiresAt)) return;
    const delay = expiresAt - Date.now() + 1000;
    // Beyond setTimeout's range (about 24.8 days) there is nothing to wait for on this page.
    if (delay > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, delay));
    return () => clearTimeout(timer);
  }, [expiresAt, refetch]);

  if (isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" data-testid="checkout-order-missing">
          {t('checkout.orderMissing')}
        </Alert>
        <Button component={RouterLink} to={paths.cart} variant="contained">
          {t('checkout.backToCart')}
        </Button>
      </Stack>
    );
  }
  if (order?.status !== 'pending') return <Loading />;
  if (!order.payment) {
    // The provider could not be asked for this order's payment; the next read asks again.
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning" data-testid="checkout-payment-unavailable">
          {t('checkout.paymentUnavailable')}
        </Alert>
        <Button variant="contained" onClick={() => void refetch()}>
          {t('checkout.tryAgain')}
        </Button>
      </Stack>
    );
  }

  const heldUntil = dateTimeFormat(i18n.language, {
    timeZone: timeZoneOf(user),
    hour: 'numeric',
    minute: '2-digit',
  }).format(Date.parse(order.expires_at));

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <OrderSummary order={order} />
      <Alert severity="info" data-testid="checkout-held-until">
        {t('checkout.heldUntil', { time: heldUntil })}
      </Alert>
      {confirming ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography data-testid="checkout-confirming">{t('checkout.confirming')}</Typography>
        </Stack>
      ) : (
        <section aria-labelledby="checkout-payment-title">
          <Typography id="checkout-payment-title" variant="h2" sx={{ fontSize: 20, mb: 2 }}>
            {t('checkout.payment.title')}
          </Typography>
          <PaymentForm
            payment={order.payment}
            amount={orderMoney(order, order.amount_due, i18n.language)}
            onSucceeded={() => setConfirming(true)}
            onRefused={() => void refetch()}
          />
        </section>
      )}
    </Stack>
  );
}
