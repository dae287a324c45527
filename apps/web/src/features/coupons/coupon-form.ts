import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_MAX_REDEMPTIONS,
  type CouponDiscountType,
  type CouponFields,
  type FlatCoupon,
} from '@atelier/contract';
import { validateField } from '../../components/form/validation';
import type { MessageKey } from '../../i18n/i18n';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import {
  addDays,
  formatPlainDate,
  isoWithOffset,
  parsePlainDate,
  startOfZonedDay,
  zonedDate,
} from '../../lib/zoned-time';

/**
 * A coupon as typed, by the server's field names (so its 422 messages land beside them):
 * `discount_amount` in dollars for `fixed` and whole percent for `percent`; the window as the
 * first and last days it applies, in the viewer's zone; empty limits and scopes are none.
 */
export type CouponFormValues = {
  code: string;
  discount_type: CouponDiscountType;
  discount_amount: string;
  valid_from: string;
  valid_until: string;
  max_redemptions: string;
  max_redemptions_per_user: string;
  user_group_id: string;
  klass_group_id: string;
};

export const emptyCouponForm: CouponFormValues = {
  code: '',
  discount_type: 'percent',
  discount_amount: '',
  valid_from: '',
  valid_until: '',
  max_redemptions: '',
  max_redemptions_per_user: '',
  user_group_id: '',
  klass_group_id: '',
};

/** The calendar day an instant falls on in `zone`, as `YYYY-MM-DD`. */
const dayOf = (instant: number, zone: string) => formatPlainDate(zonedDate(instant, zone));

export function couponFormValues(coupon: FlatCoupon, zone: string): CouponFormValues {
  return {
    code: coupon.code,
    discount_type: coupon.discount_type,
    discount_amount:
      coupon.discount_type === 'fixed'
        ? centsToDollars(coupon.discount_amount)
        : String(coupon.discount_amount),
    valid_from: coupon.valid_from ? dayOf(Date.parse(coupon.valid_from), zone) : '',
    // The window ends as the day after its last day starts.
    valid_until: coupon.valid_until ? dayOf(Date.parse(coupon.valid_until) - 1, zone) : '',
    max_redemptions: coupon.max_redemptions === null ? '' : String(coupon.max_redemptions),
    max_redemptions_per_user:
      coupon.max_redemptions_per_user === null ? '' : String(coupon.max_redemptions_per_user),
    user_group_id: coupon.user_group?.id ?? '',
    klass_group_id: coupon.klass_group?.id ?? '',
  };
}

const CODE = /^[\p{L}\p{N}_-]+$/u;
const limit = { integer: { min: 1, max: COUPON_MAX_REDEMPTIONS } };
const isDay = (v: string) => parsePlainDate(v) !== null;

export function validateCouponForm(values: CouponFormValues): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  const amount =
    values.discount_type === 'percent'
      ? validateField(values.discount_amount, { required: true, integer: { min: 1, max: 100 } })
      : validateField(values.discount_amount, {
          required: true,
          check: (v) => (dollarsToCents(v) ?? 0) > 0,
        });
  const checks: [string, MessageKey | null][] = [
    [
      'code',
      validateField(values.code, {
        required: true,
        check: (v) => v.length <= COUPON_CODE_MAX_LENGTH && CODE.test(v),
      }),
    ],
    ['discount_amount', amount],
    ['valid_from', validateField(values.valid_from, { check: isDay })],
    ['valid_until', validateField(values.valid_until, { check: isDay })],
    ['max_redemptions', validateField(values.max_redemptions, limit)],
    ['max_redemptions_per_user', validateField(values.max_redemptions_per_user, limit)],
  ];
  for (const [name, key] of checks) if (key) errors[name] = key;
  if (!errors.valid_from && !errors.valid_until && values.valid_from && values.valid_until) {
    if (values.valid_until < values.valid_from) errors.valid_until = 'coupons.untilBeforeFrom';
  }
  return errors;
}

/** Call only after `validateCouponForm` found nothing. */
export function couponBody(values: CouponFormValues, zone: string): CouponFields {
  const day = (text: string) => parsePlainDate(text.trim());
  const from = values.valid_from ? day(values.valid_from) : null;
  const until = values.valid_until ? day(values.valid_until) : null;
  const optionalInt = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  return {
    code: values.code.trim(),
    discount_type: values.discount_type,
    discount_amount:
      values.discount_type === 'fixed'
        ? (dollarsToCents(values.discount_amount) ?? 0)
        : Number(values.discount_amount.trim()),
    valid_from: from ? isoWithOffset(startOfZonedDay(from, zone), zone) : null,
    valid_until: until ? isoWithOffset(startOfZonedDay(addDays(until, 1), zone), zone) : null,
    max_redemptions: optionalInt(values.max_redemptions),
    max_redemptions_per_user: optionalInt(values.max_redemptions_per_user),
    user_group_id: values.user_group_id || null,
    klass_group_id: values.klass_group_id || null,
  };
}
