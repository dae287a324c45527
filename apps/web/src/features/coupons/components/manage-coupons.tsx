import { couponResource, type FlatCoupon } from '@atelier/contract';
import { useTranslation } from 'react-i18next';
import type { AdminColumn } from '../../../components/admin/admin-table';
import {
  ResourceAdminPage,
  resourcePageStrings,
} from '../../../components/admin/resource-admin-page';
import { clientConfig } from '../../../lib/client-config';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatCents } from '../../../lib/money';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { couponHooks } from '../coupons-api';
import { CouponFormDialog } from './coupon-form-dialog';

// A refused delete says only that it failed: nothing keeps a coupon in use.
const strings = resourcePageStrings('coupons', { inUse: 'coupons.deleteFailed' });

/**
 * /manage_coupons (teachers and admins): the coupons, searchable by code and paged (`?page=`),
 * each with its terms, whom it is kept for and its uses; create, edit and delete.
 */
export function ManageCoupons() {
  const { t, i18n } = useTranslation();
  const timeZone = timeZoneOf(useAppSelector(selectUser));
  const currency = clientConfig().currency;
  const day = (instant: number) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone }).format(instant);
  const discount = (coupon: FlatCoupon) =>
    coupon.discount_type === 'percent'
      ? t('coupons.percent', { value: coupon.discount_amount })
      : formatCents(coupon.discount_amount, currency, i18n.language);
  const window = (coupon: FlatCoupon) => {
    const from = coupon.valid_from ? day(Date.parse(coupon.valid_from)) : null;
    // valid_until is when the last day ends: show that last day.
    const until = coupon.valid_until ? day(Date.parse(coupon.valid_until) - 1) : null;
    if (from && until) return t('coupons.window.between', { from, until });
    if (from) return t('coupons.window.from', { from });
    if (until) return t('coupons.window.until', { until });
    return t('coupons.window.always');
  };
  const limits = (coupon: FlatCoupon) => {
    const parts: string[] = [];
    if (coupon.max_redemptions !== null) {
      parts.push(t('coupons.limitTotal', { count: coupon.max_redemptions }));
    }
    if (coupon.max_redemptions_per_user !== null) {
      parts.push(t('coupons.limitPerUser', { count: coupon.max_redemptions_per_user }));
    }
    return parts.length > 0 ? parts.join(' · ') : t('coupons.noLimit');
  };
  const keptFor = (coupon: FlatCoupon) =>
    [coupon.user_group?.name, coupon.klass_group?.name].filter(Boolean).join(' · ') ||
    t('coupons.anyone');

  const columns: AdminColumn<FlatCoupon>[] = [
    { key: 'code', header: t('coupons.code'), render: (coupon) => coupon.code },
    { key: 'discount', header: t('coupons.discount'), align: 'right', render: discount },
    { key: 'window', header: t('coupons.valid'), render: window },
    { key: 'limits', header: t('coupons.limits'), render: limits },
    { key: 'scope', header: t('coupons.keptFor'), render: keptFor },
    {
      key: 'uses',
      header: t('coupons.uses'),
      render: (coupon) =>
        t('coupons.usesText', { redeemed: coupon.redeemed_count, held: coupon.held_count }),
    },
  ];

  return (
    <ResourceAdminPage
      resource={couponResource}
      hooks={couponHooks}
      strings={strings}
      testIds={{
        page: 'manage-coupons',
        row: 'coupon-row',
        form: 'coupon-dialog',
        delete: 'delete-coupon-dialog',
      }}
      rowName={(coupon) => coupon.code}
      messageValues={(coupon) => ({ code: coupon.code })}
      columns={columns}
      form={(form) => (
        <CouponFormDialog
          coupon={form.row}
          timeZone={timeZone}
          onClose={form.onClose}
          onSaved={form.onSaved}
        />
      )}
    />
  );
}
