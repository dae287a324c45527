import type { FlatPlan } from '@atelier/contract';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { usePageParam } from '../../../components/admin/use-page-param';
import { clientConfig } from '../../../lib/client-config';
import { formatCents } from '../../../lib/money';
import { pageCount } from '../../../lib/paged-list';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { useDeletePlanMutation, usePlansQuery } from '../plans-api';
import { PlanFormDialog } from './plan-form-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; plan: FlatPlan } | null;

/** /manage_plans: the plans, searchable and paged (`?page=`), with create, edit and delete. */
export function ManagePlans() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const currency = clientConfig().currency;
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FlatPlan | null>(null);
  const { data, isError, isFetching } = usePlansQuery({ page, search });
  const [deletePlan] = useDeletePlanMutation();

  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));
  const money = (cents: number) => formatCents(cents, currency, i18n.language);

  const columns: AdminColumn<FlatPlan>[] = [
    { key: 'name', header: t('managePlans.name'), render: (plan) => plan.name },
    {
      key: 'base',
      header: t('managePlans.basePrice'),
      align: 'right',
      render: (plan) => money(plan.base_price),
    },
    {
      key: 'unit',
      header: t('managePlans.unitPrice'),
      align: 'right',
      render: (plan) => money(plan.unit_price),
    },
    {
      key: 'unitType',
      header: t('managePlans.unitType'),
      render: (plan) => t(`managePlans.unitTypeNames.${plan.unit_type}`),
    },
    {
      key: 'schedules',
      header: t('managePlans.schedules'),
      align: 'right',
      render: (plan) => plan.schedules_count,
    },
  ];

  return (
    <Box data-testid="manage-plans">
      <AdminTable
        label={t('managePlans.tableLabel')}
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(plan) => plan.id}
        rowName={(plan) => plan.name}
        rowData={(plan) => ({ 'data-testid': `plan-row-${plan.id}` })}
        loading={!data || isFetching}
        loadError={isError ? t('managePlans.loadFailed') : null}
        emptyText={t('managePlans.empty')}
        noMatchText={t('managePlans.noMatch')}
        search={{
          label: t('managePlans.search'),
          onSearch: (term) => {
            setPage(1);
            setSearch(term);
          },
        }}
        create={{ label: t('managePlans.create'), onClick: () => setEditing({ mode: 'create' }) }}
        onEdit={(plan) => setEditing({ mode: 'edit', plan })}
        onDelete={setDeleting}
        paging={{
          kind: 'pages',
          page,
          pageCount: data ? pageCount(data.meta) : 1,
          onPageChange: setPage,
        }}
      />
      {editing && (
        <PlanFormDialog
          plan={editing.mode === 'edit' ? editing.plan : undefined}
          onClose={() => setEditing(null)}
          onSaved={notify}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('managePlans.deleteTitle', { name: deleting.name })}
          question={t('managePlans.deleteQuestion')}
          confirmLabel={t('managePlans.deleteConfirm')}
          onConfirm={() => deletePlan(deleting.id).unwrap()}
          onDeleted={() => {
            notify(t('managePlans.deleted', { name: deleting.name }));
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
          // A plan a schedule offers is refused (409); its count says how many to change first.
          inUseMessage={t('managePlans.inUse', { count: Math.max(1, deleting.schedules_count) })}
          failedMessage={t('managePlans.deleteFailed')}
          testId="delete-plan-dialog"
        />
      )}
    </Box>
  );
}
