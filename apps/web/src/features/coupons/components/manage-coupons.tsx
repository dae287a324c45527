import type { FlatCoupon } from '@atelier/contract';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { usePageParam } from '../../../components/admin/use-page-param';
import { clientConfig } from '../../../lib/client-config';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatCents } from '../../../lib/money';
import { pageCount } from '../../../lib/paged-list';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { useCouponsQuery, useDeleteCouponMutation } from '../coupons-api';
import { CouponFormDialog } from './coupon-form-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; coupon: FlatCoupon } | null;

/**
 * /manage_coupons (teachers and admins): the coupons, searchable by code and paged (`?page=`),
 * each with its terms, whom it is kept for and its uses; create, edit and delete.
 */
export function ManageCoupons() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const timeZone = timeZoneOf(useAppSelector(selectUser));
  const currency = clientConfig().currency;
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FlatCoupon | null>(null);
  const { data, isError, isFetching } = useCouponsQuery({ page, search });
  const [deleteCoupon] = useDeleteCouponMutation();

  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));
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
    <Box data-testid="manage-coupons">
      <AdminTable
        label={t('coupons.tableLabel')}
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(coupon) => coupon.id}
        rowName={(coupon) => coupon.code}
        rowData={(coupon) => ({ 'data-testid': `coupon-row-${coupon.id}` })}
        loading={!data || isFetching}
        loadError={isError ? t('coupons.loadFailed') : null}
        emptyText={t('coupons.empty')}
        noMatchText={t('coupons.noMatch')}
        search={{
          label: t('coupons.search'),
          onSearch: (term) => {
            setPage(1);
            setSearch(term);
          },
        }}
        create={{ label: t('coupons.create'), onClick: () => setEditing({ mode: 'create' }) }}
        onEdit={(coupon) => setEditing({ mode: 'edit', coupon })}
        onDelete={setDeleting}
        paging={{
          kind: 'pages',
          page,
          pageCount: data ? pageCount(data.meta) : 1,
          onPageChange: setPage,
        }}
      />
      {editing && (
        <CouponFormDialog
          coupon={editing.mode === 'edit' ? editing.coupon : undefined}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
          onSaved={notify}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('coupons.deleteTitle', { code: deleting.code })}
          question={t('coupons.deleteQuestion')}
          confirmLabel={t('coupons.deleteConfirm')}
          onConfirm={() => deleteCoupon(deleting.id).unwrap()}
          onDeleted={() => {
            notify(t('coupons.deleted', { code: deleting.code }));
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
          inUseMessage={t('coupons.deleteFailed')}
          failedMessage={t('coupons.deleteFailed')}
          testId="delete-coupon-dialog"
        />
      )}
    </Box>
  );
}
