import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="family-attendance-title" aria-busy={isFetching}>
          <TableHead>
            <TableRow>
              <TableCell>{t('attendance.columns.session')}</TableCell>
              <TableCell>{t('attendance.columns.klass')}</TableCell>
              <TableCell>{t('attendance.columns.student')}</TableCell>
              <TableCell>{t('attendance.columns.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((row) => (
              <TableRow key={row.id} data-testid="family-attendance-row">
                <TableCell>
                  {formatInstantRange(row.starts_at, row.ends_at, zone, i18n.language)}
                </TableCell>
                <TableCell>
                  {row.klass_group_name} · {row.schedule_name}
                </TableCell>
                <TableCell>{row.attendee_name}</TableCell>
                <TableCell>
                  {row.status ? t(`attendance.status.${row.status}`) : t('attendance.notMarked')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PagePagination count={pageCount} page={page} onChange={setPage} />
    </Paper>
  );
}
