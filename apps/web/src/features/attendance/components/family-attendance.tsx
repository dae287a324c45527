import type { FamilyAttendance as FamilyAttendanceRow } from '@atelier/contract';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable, type TableColumn } from '../../../components/admin/responsive-table';
import { PagePagination } from '../../../components/page-pagination';
import { formatInstantRange } from '../../../lib/format-date';
import { useAppSelector } from '../../../lib/store-hooks';
import { selectRole } from '../../session';
import { useFamilyAttendanceQuery } from '../attendance-api';

/**
 * A family's attendance on /classes (docs/product.md#attendance): each child at each session that
 * has started, the latest first, with its mark or "Not marked yet"; 20 a page. Shown to families
 * with at least one such session; nothing for staff, who have no children.
 */
export function FamilyAttendance({ zone }: { zone: string }) {
  const role = useAppSelector(selectRole);
  if (role !== 'student') return null;
  return <FamilyAttendanceList zone={zone} />;
}

function FamilyAttendanceList({ zone }: { zone: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useFamilyAttendanceQuery({ page: String(page) });
  if (!data || data.total === 0) return null;
  const columns: TableColumn<FamilyAttendanceRow>[] = [
    {
      key: 'session',
      header: t('attendance.columns.session'),
      render: (row) => formatInstantRange(row.starts_at, row.ends_at, zone, i18n.language),
    },
    {
      key: 'klass',
      header: t('attendance.columns.klass'),
      render: (row) => `${row.klass_group_name} · ${row.schedule_name}`,
    },
    { key: 'student', header: t('attendance.columns.student'), render: (row) => row.attendee_name },
    {
      key: 'status',
      header: t('attendance.columns.status'),
      render: (row) =>
        row.status ? t(`attendance.status.${row.status}`) : t('attendance.notMarked'),
    },
  ];
  const pageCount = Math.ceil(data.total / data.perPage);
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 2, mt: 3 }}
      aria-labelledby="family-attendance-title"
      data-testid="family-attendance"
    >
      <Typography variant="h6" component="h2" id="family-attendance-title">
        {t('attendance.title')}
      </Typography>
      <ResponsiveTable<FamilyAttendanceRow>
        labelledBy="family-attendance-title"
        busy={isFetching}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => row.id}
        rowData={() => ({ 'data-testid': 'family-attendance-row' })}
      />
      <PagePagination count={pageCount} page={page} onChange={setPage} />
    </Paper>
  );
}
