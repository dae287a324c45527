import type { FlatAddon, FlatKlass, FlatSchedule } from '@atelier/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
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
import { clientConfig } from '../../../app/client-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/route-paths';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { PageTitle } from '../../../components/page-title';
import { handleError, toApiError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatInstantRange, formatPlainDate } from '../../../lib/format-date';
import { formatCents } from '../../../lib/money';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session/session-slice';
import { snackbarShown } from '../../ui/ui-slice';
import {
  useDeleteAddonMutation,
  useDeleteScheduleMutation,
  useScheduleQuery,
  useUpdateKlassMutation,
} from '../classes-api';
import { formatSlots } from '../classes-format';
import { klassDeleted } from '../klasses-slice';
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
  const [deleteRefused, setDeleteRefused] = useState(false);
  const [deleteSchedule] = useDeleteScheduleMutation();

  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));

  const confirmDelete = async () => {
    try {
      await deleteSchedule({ id: schedule.id, klassGroupId: group.id }).unwrap();
    } catch (error) {
      if (toApiError(error).status === 409) setDeleteRefused(true);
      else handleError(error, t('manageClasses.scheduleDetail.deleteFailed'));
      setDeleting(false);
      return;
    }
    dispatch(klassDeleted(schedule.id));
    notify(t('manageClasses.scheduleDetail.deleted', { name: schedule.name }));
    navigate(paths.manageClass(group.id));
  };

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
      {deleteRefused && (
        <Alert severity="warning" onClose={() => setDeleteRefused(false)} sx={{ mb: 2 }}>
          {t('manageClasses.scheduleDetail.deleteInUse')}
        </Alert>
      )}

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

      <SessionsSection schedule={schedule} viewerZone={viewerZone} onSaved={notify} />
      <AddonsSection schedule={schedule} onSaved={notify} />
      <RosterSection schedule={schedule} viewerZone={viewerZone} />

      {editing && (
        <ScheduleSettingsDialog
          schedule={schedule}
          onClose={() => setEditing(false)}
          onSaved={notify}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title={t('manageClasses.scheduleDetail.deleteTitle', { name: schedule.name })}
        message={t('manageClasses.scheduleDetail.deleteQuestion')}
        confirmLabel={t('manageClasses.scheduleDetail.delete')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
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

function SessionsSection({
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
      {klasses.length === 0 ? (
        <Typography>{t('manageClasses.sessions.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('manageClasses.sessions.title')} data-testid="sessions">
            <TableHead>
              <TableRow>
                <TableCell>{t('manageClasses.sessions.when')}</TableCell>
                <TableCell>{t('manageClasses.sessions.status')}</TableCell>
                <TableCell align="right">{t('manageClasses.sessions.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {klasses.map((klass) => {
                const when = formatInstantRange(klass.starts_at, klass.ends_at, viewerZone, locale);
                const cancelled = klass.status === 'cancelled';
                const moved =
                  klass.original_starts_at !== null &&
                  Date.parse(klass.original_starts_at) !== Date.parse(klass.starts_at);
                return (
                  <TableRow key={klass.id} data-testid="session-row" data-status={klass.status}>
                    <TableCell
                      sx={
                        cancelled ? { textDecoration: 'line-through', color: 'text.secondary' } : {}
                      }
                    >
                      {when}
                      {otherZone && (
                        <Typography variant="body2" color="text.secondary">
                          {formatInstantRange(
                            klass.starts_at,
                            klass.ends_at,
                            schedule.time_zone,
                            locale,
                          )}{' '}
                          ({schedule.time_zone})
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
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
                        {klass.origin === 'extra' && (
                          <Chip size="small" label={t('manageClasses.sessions.extra')} />
                        )}
                        {moved && (
                          <Chip size="small" label={t('manageClasses.sessions.movedTag')} />
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        onClick={() => setDialog({ mode: 'move', klass })}
                        aria-label={t('manageClasses.sessions.moveLabel', { when })}
                      >
                        {t('manageClasses.sessions.move')}
                      </Button>
                      {cancelled ? (
                        <Button
                          size="small"
                          onClick={() => setStatus(klass, 'scheduled')}
                          aria-label={t('manageClasses.sessions.restoreLabel', { when })}
                        >
                          {t('manageClasses.sessions.restore')}
                        </Button>
                      ) : (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setCancelling(klass)}
                          aria-label={t('manageClasses.sessions.cancelLabel', { when })}
                        >
                          {t('manageClasses.sessions.cancel')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
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
          when: cancelling
            ? formatInstantRange(cancelling.starts_at, cancelling.ends_at, viewerZone, locale)
            : '',
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

  const confirmDelete = async () => {
    const addon = deleting;
    setDeleting(null);
    if (!addon) return;
    try {
      await deleteAddon({ id: addon.id, scheduleId: schedule.id }).unwrap();
      onSaved(t('manageClasses.addons.deleted', { name: addon.name }));
    } catch (error) {
      handleError(
        error,
        toApiError(error).status === 409
          ? t('manageClasses.addons.inUse')
          : t('manageClasses.addons.deleteFailed'),
      );
    }
  };

  return (
    <Section
      title={t('manageClasses.addons.title')}
      action={
        <Button startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'add' })}>
          {t('manageClasses.addons.add')}
        </Button>
      }
    >
      {addons.length === 0 ? (
        <Typography>{t('manageClasses.addons.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('manageClasses.addons.title')} data-testid="addons">
            <TableHead>
              <TableRow>
                <TableCell>{t('manageClasses.addons.name')}</TableCell>
                <TableCell align="right">{t('manageClasses.addons.price')}</TableCell>
                <TableCell align="right">{t('manageClasses.addons.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {addons.map((addon) => (
                <TableRow key={addon.id}>
                  <TableCell>{addon.name}</TableCell>
                  <TableCell align="right">
                    {formatCents(addon.price, currency, i18n.language)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      aria-label={t('manageClasses.addons.edit', { name: addon.name })}
                      onClick={() => setDialog({ mode: 'edit', addon })}
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton
                      aria-label={t('manageClasses.addons.delete', { name: addon.name })}
                      onClick={() => setDeleting(addon)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {dialog && (
        <AddonDialog
          scheduleId={schedule.id}
          addon={dialog.mode === 'edit' ? dialog.addon : undefined}
          onClose={() => setDialog(null)}
          onSaved={onSaved}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={t('manageClasses.addons.deleteQuestion', { name: deleting?.name ?? '' })}
        confirmLabel={t('manageClasses.addons.deleteConfirm')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
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
                    {enrollment.status === 'active' || enrollment.status === 'cancelled'
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
