import type { FlatAddon, FlatKlass, FlatSchedule } from '@atelier/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AdminTable } from '../../../components/admin/admin-table';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { PageTitle } from '../../../components/page-title';
import { handleError } from '../../../lib/api-client';
import { clientConfig } from '../../../lib/client-config';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatInstantRange, formatPlainDate } from '../../../lib/format-date';
import { formatCents } from '../../../lib/money';
import { paths } from '../../../lib/route-paths';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import {
  useDeleteAddonMutation,
  useDeleteScheduleMutation,
  useScheduleQuery,
  useUpdateKlassMutation,
} from '../classes-api';
import { formatSlots } from '../classes-format';
import { planPriceText } from '../plan-price';
import { AddonDialog } from './addon-dialog';
import { KlassTimesDialog } from './klass-times-dialog';
import { ScheduleSettingsDialog } from './schedule-settings-dialog';

type Props = { klassGroupId: string; id: string };

/**
 * /manage_classes/{klass_group_id}/schedules/{id}: a schedule's sessions (move, cancel, restore,
 * add), its plans, add-ons, capacity, teacher, seats and roster. Times show in the viewer's zone.
 */
export function ManageSchedule({ klassGroupId, id }: Props) {
  const { t } = useTranslation();
  const { data: schedule, error, isLoading } = useScheduleQuery(id);

  if (isLoading) return <Typography>{t('common.loading')}</Typography>;
  // A schedule of another programme is not found under this one.
  if (error || !schedule || schedule.klass_group_id !== klassGroupId) {
    const missing = !error || ('status' in error && error.status === 404);
    return (
      <Box>
        <PageTitle title={t('pages.manageSchedule')} />
        <Alert severity="error">
          {missing
            ? t('manageClasses.scheduleDetail.notFound')
            : t('manageClasses.scheduleDetail.loadFailed')}
        </Alert>
        <Link component={RouterLink} to={paths.manageClass(klassGroupId)}>
          {t('manageClasses.scheduleDetail.back')}
        </Link>
      </Box>
    );
  }
  return <ScheduleDetail schedule={schedule} />;
}

function ScheduleDetail({ schedule }: { schedule: FlatSchedule }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const viewerZone = timeZoneOf(useAppSelector(selectUser));
  const currency = clientConfig().currency;
  const group = schedule.klass_group;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteSchedule] = useDeleteScheduleMutation();

  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));

  const details: [string, ReactNode][] = [
    [t('manageClasses.scheduleDetail.programme'), group.name],
    [t('manageClasses.schedule.teacher'), schedule.teacher.name],
    [
      t('manageClasses.scheduleDetail.dates'),
      `${formatPlainDate(schedule.start_date, locale)} – ${formatPlainDate(schedule.end_date, locale)}`,
    ],
    [t('manageClasses.schedule.weeklyTimes'), formatSlots(schedule.slots, locale)],
    [t('manageClasses.schedule.timeZone'), schedule.time_zone],
    [
      t('manageClasses.schedule.holidays'),
      schedule.exception_dates.length > 0
        ? schedule.exception_dates.map((d) => formatPlainDate(d, locale)).join(', ')
        : '—',
    ],
    [t('manageClasses.schedule.capacity'), schedule.capacity],
    [
      t('manageClasses.scheduleDetail.seats'),
      t('manageClasses.scheduleDetail.seatsText', {
        left: schedule.seats_left,
        enrolled: schedule.enrolled_count,
        held: schedule.seats_held,
      }),
    ],
  ];

  return (
    <Box data-testid="manage-schedule">
      <Link
        component={RouterLink}
        to={paths.manageClass(group.id)}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('manageClasses.scheduleDetail.backTo', { name: group.name })}
      </Link>
      <PageTitle title={schedule.name} />
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}
        data-testid="schedule-details"
      >
        {details.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ my: 2 }}>
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
          {t('manageClasses.scheduleDetail.edit')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setDeleting(true)}
        >
          {t('manageClasses.scheduleDetail.delete')}
        </Button>
      </Stack>

      <Section title={t('manageClasses.scheduleDetail.plans')}>
        <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="schedule-plans">
          {schedule.klass_group_schedule_plans.map((link) => (
            <li key={link.id}>
              <Typography>
                {link.plan.name} — {planPriceText(link.plan, currency, locale, t)}
              </Typography>
            </li>
          ))}
        </Box>
      </Section>

      <KlassesSection schedule={schedule} viewerZone={viewerZone} onSaved={notify} />
      <AddonsSection schedule={schedule} onSaved={notify} />
      <RosterSection schedule={schedule} viewerZone={viewerZone} />

      {editing && (
        <ScheduleSettingsDialog
          schedule={schedule}
          onClose={() => setEditing(false)}
          onSaved={notify}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('manageClasses.scheduleDetail.deleteTitle', { name: schedule.name })}
          question={t('manageClasses.scheduleDetail.deleteQuestion')}
          confirmLabel={t('manageClasses.scheduleDetail.delete')}
          onConfirm={() => deleteSchedule({ id: schedule.id, klassGroupId: group.id }).unwrap()}
          onDeleted={() => {
            notify(t('manageClasses.scheduleDetail.deleted', { name: schedule.name }));
            navigate(paths.manageClass(group.id));
          }}
          onClose={() => setDeleting(false)}
          inUseMessage={t('manageClasses.scheduleDetail.deleteInUse')}
          failedMessage={t('manageClasses.scheduleDetail.deleteFailed')}
        />
      )}
    </Box>
  );
}

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

type KlassDialog = { mode: 'add' } | { mode: 'move'; klass: FlatKlass } | null;

function KlassesSection({
  schedule,
  viewerZone,
  onSaved,
}: {
  schedule: FlatSchedule;
  viewerZone: string;
  onSaved: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [dialog, setDialog] = useState<KlassDialog>(null);
  const [cancelling, setCancelling] = useState<FlatKlass | null>(null);
  const [updateKlass] = useUpdateKlassMutation();
  const klasses = [...(schedule.klasses ?? [])].sort((a, b) =>
    a.starts_at.localeCompare(b.starts_at),
  );
  const otherZone = schedule.time_zone !== viewerZone;
  const when = (klass: FlatKlass) =>
    formatInstantRange(klass.starts_at, klass.ends_at, viewerZone, locale);

  const setStatus = async (klass: FlatKlass, status: 'scheduled' | 'cancelled') => {
    try {
      await updateKlass({ id: klass.id, scheduleId: schedule.id, fields: { status } }).unwrap();
      onSaved(
        t(
          status === 'cancelled'
            ? 'manageClasses.sessions.cancelled'
            : 'manageClasses.sessions.restored',
        ),
      );
    } catch (error) {
      handleError(error, t('manageClasses.sessions.saveFailed'));
    }
  };

  return (
    <Section
      title={t('manageClasses.sessions.title')}
      action={
        <Button startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'add' })}>
          {t('manageClasses.sessions.addExtra')}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('manageClasses.sessions.shownIn', { zone: viewerZone })}
      </Typography>
      <AdminTable
        label={t('manageClasses.sessions.title')}
        testId="klasses"
        columns={[
          {
            key: 'when',
            header: t('manageClasses.sessions.when'),
            render: (klass) => (
              <Box
                sx={
                  klass.status === 'cancelled'
                    ? { textDecoration: 'line-through', color: 'text.secondary' }
                    : {}
                }
              >
                {when(klass)}
                {otherZone && (
                  <Typography variant="body2" color="text.secondary">
                    {formatInstantRange(klass.starts_at, klass.ends_at, schedule.time_zone, locale)}{' '}
                    ({schedule.time_zone})
                  </Typography>
                )}
              </Box>
            ),
          },
          {
            key: 'status',
            header: t('manageClasses.sessions.status'),
            render: (klass) => <KlassTags klass={klass} />,
          },
        ]}
        rows={klasses}
        rowKey={(klass) => klass.id}
        rowName={when}
        rowData={(klass) => ({ 'data-testid': 'klass-row', 'data-status': klass.status })}
        emptyText={t('manageClasses.sessions.none')}
        rowActions={(klass) => (
          <>
            <Button
              size="small"
              onClick={() => setDialog({ mode: 'move', klass })}
              aria-label={t('manageClasses.sessions.moveLabel', { when: when(klass) })}
            >
              {t('manageClasses.sessions.move')}
            </Button>
            {klass.status === 'cancelled' ? (
              <Button
                size="small"
                onClick={() => setStatus(klass, 'scheduled')}
                aria-label={t('manageClasses.sessions.restoreLabel', { when: when(klass) })}
              >
                {t('manageClasses.sessions.restore')}
              </Button>
            ) : (
              <Button
                size="small"
                color="error"
                onClick={() => setCancelling(klass)}
                aria-label={t('manageClasses.sessions.cancelLabel', { when: when(klass) })}
              >
                {t('manageClasses.sessions.cancel')}
              </Button>
            )}
          </>
        )}
      />
      {dialog && (
        <KlassTimesDialog
          scheduleId={schedule.id}
          timeZone={schedule.time_zone}
          klass={dialog.mode === 'move' ? dialog.klass : undefined}
          onClose={() => setDialog(null)}
          onSaved={onSaved}
        />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('manageClasses.sessions.cancelTitle')}
        message={t('manageClasses.sessions.cancelQuestion', {
          when: cancelling ? when(cancelling) : '',
        })}
        confirmLabel={t('manageClasses.sessions.cancelConfirm')}
        onConfirm={() => {
          if (cancelling) void setStatus(cancelling, 'cancelled');
          setCancelling(null);
        }}
        onCancel={() => setCancelling(null)}
      />
    </Section>
  );
}

type AddonDialogState = { mode: 'add' } | { mode: 'edit'; addon: FlatAddon } | null;

function AddonsSection({
  schedule,
  onSaved,
}: {
  schedule: FlatSchedule;
  onSaved: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const currency = clientConfig().currency;
  const [dialog, setDialog] = useState<AddonDialogState>(null);
  const [deleting, setDeleting] = useState<FlatAddon | null>(null);
  const [deleteAddon] = useDeleteAddonMutation();
  const addons = schedule.klass_group_schedule_addons;

  return (
    <Section
      title={t('manageClasses.addons.title')}
      action={
        <Button startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'add' })}>
          {t('manageClasses.addons.add')}
        </Button>
      }
    >
      <AdminTable
        label={t('manageClasses.addons.title')}
        testId="addons"
        columns={[
          { key: 'name', header: t('manageClasses.addons.name'), render: (addon) => addon.name },
          {
            key: 'price',
            header: t('manageClasses.addons.price'),
            align: 'right',
            render: (addon) => formatCents(addon.price, currency, i18n.language),
          },
        ]}
        rows={addons}
        rowKey={(addon) => addon.id}
        rowName={(addon) => addon.name}
        emptyText={t('manageClasses.addons.none')}
        onEdit={(addon) => setDialog({ mode: 'edit', addon })}
        onDelete={setDeleting}
      />
      {dialog && (
        <AddonDialog
          scheduleId={schedule.id}
          addon={dialog.mode === 'edit' ? dialog.addon : undefined}
          onClose={() => setDialog(null)}
          onSaved={onSaved}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('manageClasses.addons.deleteQuestion', { name: deleting.name })}
          question={t('manageClasses.addons.deleteNote')}
          confirmLabel={t('manageClasses.addons.deleteConfirm')}
          onConfirm={() => deleteAddon({ id: deleting.id, scheduleId: schedule.id }).unwrap()}
          onDeleted={() => {
            onSaved(t('manageClasses.addons.deleted', { name: deleting.name }));
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
          inUseMessage={t('manageClasses.addons.inUse')}
          failedMessage={t('manageClasses.addons.deleteFailed')}
        />
      )}
    </Section>
  );
}

function RosterSection({ schedule, viewerZone }: { schedule: FlatSchedule; viewerZone: string }) {
  const { t, i18n } = useTranslation();
  const enrollments = schedule.enrollments ?? [];
  return (
    <Section title={t('manageClasses.roster.title')}>
      {enrollments.length === 0 ? (
        <Typography data-testid="roster-empty">{t('manageClasses.roster.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('manageClasses.roster.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('manageClasses.roster.attendee')}</TableCell>
                <TableCell>{t('manageClasses.roster.status')}</TableCell>
                <TableCell>{t('manageClasses.roster.since')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {enrollments.map((enrollment) => (
                <TableRow key={enrollment.id}>
                  <TableCell>{enrollment.attendee_profile.name}</TableCell>
                  <TableCell>
                    {enrollment.status === 'active' ||
                    enrollment.status === 'cancelled' ||
                    enrollment.status === 'moved'
                      ? t(`manageClasses.roster.statuses.${enrollment.status}`)
                      : enrollment.status}
                  </TableCell>
                  <TableCell>
                    {dateTimeFormat(i18n.language, {
                      dateStyle: 'medium',
                      timeZone: viewerZone,
                    }).format(Date.parse(enrollment.created_at))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

/** A session's status, and whether it was added or moved. */
function KlassTags({ klass }: { klass: FlatKlass }) {
  const { t } = useTranslation();
  const cancelled = klass.status === 'cancelled';
  const moved =
    klass.original_starts_at !== null &&
    Date.parse(klass.original_starts_at) !== Date.parse(klass.starts_at);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={cancelled ? 'default' : 'success'}
        label={t(
          cancelled
            ? 'manageClasses.sessions.statusCancelled'
            : 'manageClasses.sessions.statusScheduled',
        )}
      />
      {klass.origin === 'extra' && <Chip size="small" label={t('manageClasses.sessions.extra')} />}
      {moved && <Chip size="small" label={t('manageClasses.sessions.movedTag')} />}
    </Stack>
  );
}
