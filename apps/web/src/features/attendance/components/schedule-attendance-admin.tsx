import type { ScheduleAttendanceKlass } from '@atelier/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { formatInstantRange } from '../../../lib/format-date';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { useScheduleAttendanceQuery } from '../attendance-api';
import { AttendanceRollDialog } from './attendance-roll-dialog';

/**
 * A schedule's attendance on its staff page (docs/product.md#attendance): its sessions in time
 * order, 20 a page, each with how many were present, late, absent and not marked, and every
 * enrolled attendee's mark in a column of their own; "Take attendance" opens a session's roll.
 * Times show in the viewer's zone.
 */
export function ScheduleAttendanceAdmin({ scheduleId }: { scheduleId: string }) {
  const { t, i18n } = useTranslation();
  const zone = timeZoneOf(useAppSelector(selectUser));
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const { data, isFetching, isError } = useScheduleAttendanceQuery({ scheduleId, page });
  const when = (klass: ScheduleAttendanceKlass) =>
    formatInstantRange(klass.starts_at, klass.ends_at, zone, i18n.language);
  const count = (key: 'present' | 'late' | 'absent' | 'unmarked', header: string) => ({
    key,
    header,
    align: 'right' as const,
    render: (klass: ScheduleAttendanceKlass) =>
      klass.klass_status === 'cancelled' ? '' : klass.counts[key],
  });
  const columns: AdminColumn<ScheduleAttendanceKlass>[] = [
    {
      key: 'session',
      header: t('attendance.columns.session'),
      render: (klass) => (
        <>
          {when(klass)}
          {klass.klass_status === 'cancelled' && (
            <Chip size="small" label={t('attendance.cancelledChip')} sx={{ ml: 1 }} />
          )}
        </>
      ),
    },
    count('present', t('attendance.status.present')),
    count('late', t('attendance.status.late')),
    count('absent', t('attendance.status.absent')),
    count('unmarked', t('attendance.notMarked')),
    ...(data?.meta.attendees ?? []).map((attendee) => ({
      key: `attendee-${attendee.id}`,
      header: attendee.name,
      render: (klass: ScheduleAttendanceKlass) => {
        const mark = klass.marks.find((m) => m.attendee_profile_id === attendee.id);
        return mark ? t(`attendance.status.${mark.status}`) : '';
      },
    })),
  ];
  const pageCount = data ? Math.ceil(data.meta.total / data.meta.per_page) : 1;
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 2, mt: 3 }}
      aria-labelledby="schedule-attendance-title"
      data-testid="schedule-attendance"
    >
      <Typography variant="h6" component="h2" id="schedule-attendance-title">
        {t('attendance.title')}
      </Typography>
      <AdminTable
        label={t('attendance.adminTableLabel')}
        columns={columns}
        rows={data?.klasses ?? []}
        rowKey={(klass) => klass.id}
        rowName={when}
        rowData={(klass) => ({
          'data-testid': 'schedule-attendance-klass',
          'data-status': klass.klass_status,
        })}
        loading={isFetching && !data}
        loadError={isError ? t('attendance.loadFailed') : null}
        emptyText={t('attendance.noSessions')}
        rowActions={(klass) =>
          klass.klass_status === 'cancelled' ? null : (
            <Button
              size="small"
              onClick={() => setOpen(klass.id)}
              aria-label={t('attendance.takeFor', { session: when(klass) })}
            >
              {t('attendance.open')}
            </Button>
          )
        }
        paging={{ kind: 'pages', page, pageCount, onPageChange: setPage }}
        testId="schedule-attendance-table"
      />
      {open && <AttendanceRollDialog klassId={open} zone={zone} onClose={() => setOpen(null)} />}
    </Paper>
  );
}
