import type { FlatKlassGroup, FlatScheduleInGroup } from '@atelier/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { PageTitle } from '../../../components/page-title';
import { handleError } from '../../../lib/api-client';
import { formatPlainDate } from '../../../lib/format-date';
import { paths } from '../../../lib/route-paths';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import {
  klassGroupAnswered,
  useKlassGroupQuery,
  useUpdateKlassGroupMutation,
} from '../classes-api';
import { formatSlots } from '../classes-format';
import { DeleteKlassGroupDialog } from './delete-klass-group-dialog';
import { KlassGroupFormDialog } from './klass-group-form-dialog';
import { ScheduleFormDialog } from './schedule-form-dialog';

/**
 * /manage_classes/{id}: one programme and its schedules, both from the programme's cache entry
 * (docs/product.md#client-state `klassList` is the schedules of the programmes held there): a
 * schedule created here is asked for again with its programme, a deleted one leaves the entry.
 */
export function ManageKlassGroup({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const timeZone = timeZoneOf(useAppSelector(selectUser));
  const { data: group, error, isLoading } = useKlassGroupQuery(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [creatingSchedule, setCreatingSchedule] = useState(false);
  const [updateKlassGroup, publishing] = useUpdateKlassGroupMutation();

  const schedules: FlatScheduleInGroup[] = group?.klass_group_schedules ?? [];

  if (isLoading) return <Typography>{t('common.loading')}</Typography>;
  if (error || !group) {
    return (
      <Box>
        <PageTitle title={t('pages.manageClass')} />
        <Alert severity="error">
          {error && 'status' in error && error.status === 404
            ? t('manageClasses.detail.notFound')
            : t('manageClasses.detail.loadFailed')}
        </Alert>
        <BackLink />
      </Box>
    );
  }

  const locale = i18n.language;
  const scheduleColumns: AdminColumn<FlatScheduleInGroup>[] = [
    {
      key: 'name',
      header: t('manageClasses.detail.scheduleName'),
      render: (schedule) => (
        <Link component={RouterLink} to={paths.manageSchedule(group.id, schedule.id)}>
          {schedule.name}
        </Link>
      ),
    },
    {
      key: 'dates',
      header: t('manageClasses.detail.dates'),
      render: (schedule) =>
        `${formatPlainDate(schedule.start_date, locale)} – ${formatPlainDate(schedule.end_date, locale)}`,
    },
    {
      key: 'times',
      header: t('manageClasses.detail.weeklyTimes'),
      render: (schedule) => (
        <>
          {formatSlots(schedule.slots, locale)}
          <Typography variant="body2" color="text.secondary">
            {schedule.time_zone}
          </Typography>
        </>
      ),
    },
    {
      key: 'teacher',
      header: t('manageClasses.detail.teacher'),
      render: (schedule) => schedule.teacher?.name,
    },
    {
      key: 'sessions',
      header: t('manageClasses.detail.sessions'),
      align: 'right',
      render: (schedule) => schedule.klasses_count,
    },
    {
      key: 'seats',
      header: t('manageClasses.detail.seatsLeft'),
      align: 'right',
      render: (schedule) =>
        t('manageClasses.detail.seatsOf', {
          left: schedule.seats_left,
          capacity: schedule.capacity,
        }),
    },
  ];

  const togglePublished = async () => {
    try {
      await updateKlassGroup({
        id: group.id,
        fields: { published: !group.published },
      }).unwrap();
    } catch (failure) {
      handleError(failure, t('manageClasses.publish.failed'));
    }
  };

  return (
    <Box data-testid="manage-klass-group">
      <BackLink />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <PageTitle title={group.name} />
        <Chip
          color={group.published ? 'success' : 'default'}
          label={t(group.published ? 'manageClasses.list.published' : 'manageClasses.list.draft')}
          sx={{ mb: 3 }}
        />
      </Stack>
      <KlassGroupSummary group={group} />
      <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap' }} useFlexGap>
        <Button variant="outlined" onClick={() => setEditing(true)}>
          {t('manageClasses.detail.edit')}
        </Button>
        <Button variant="outlined" onClick={togglePublished} disabled={publishing.isLoading}>
          {t(group.published ? 'manageClasses.list.unpublish' : 'manageClasses.list.publish')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
          {t('manageClasses.detail.delete')}
        </Button>
      </Stack>

      <Stack direction="row" sx={{ alignItems: 'center', mt: 4, mb: 1 }}>
        <Typography variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          {t('manageClasses.detail.schedules')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreatingSchedule(true)}
        >
          {t('manageClasses.detail.newSchedule')}
        </Button>
      </Stack>
      <AdminTable
        label={t('manageClasses.detail.schedules')}
        columns={scheduleColumns}
        rows={schedules}
        rowKey={(schedule) => schedule.id}
        rowName={(schedule) => schedule.name}
        rowData={(schedule) => ({ 'data-testid': `schedule-row-${schedule.id}` })}
        emptyText={t('manageClasses.detail.noSchedules')}
      />

      {editing && (
        <KlassGroupFormDialog
          open
          group={group}
          onClose={() => setEditing(false)}
          onSaved={(saved) => dispatch(klassGroupAnswered(saved))}
        />
      )}
      {deleting && (
        <DeleteKlassGroupDialog
          group={group}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate(paths.manageClasses)}
        />
      )}
      {creatingSchedule && (
        <ScheduleFormDialog
          klassGroupId={group.id}
          defaultTimeZone={timeZone}
          onClose={() => setCreatingSchedule(false)}
          onCreated={(schedule) => {
            dispatch(
              snackbarShown({
                content: t('manageClasses.schedule.created', {
                  name: schedule.name,
                  count: schedule.klasses_count,
                }),
                type: 'success',
              }),
            );
            setCreatingSchedule(false);
            navigate(paths.manageSchedule(group.id, schedule.id));
          }}
        />
      )}
    </Box>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={paths.manageClasses}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {t('manageClasses.detail.back')}
    </Link>
  );
}

function KlassGroupSummary({ group }: { group: FlatKlassGroup }) {
  const { t } = useTranslation();
  const ages =
    group.min_age === null && group.max_age === null
      ? t('manageClasses.detail.anyAge')
      : t('manageClasses.detail.ageRange', {
          min: group.min_age ?? '—',
          max: group.max_age ?? '—',
        });
  const rows: [string, ReactNode][] = [
    [t('manageClasses.form.slug'), group.slug],
    [t('manageClasses.form.audience'), t(`manageClasses.audiences.${group.audience}`)],
    [t('manageClasses.form.format'), t(`manageClasses.formats.${group.format}`)],
    group.format === 'online'
      ? [
          t('manageClasses.form.meetingUrl'),
          group.meeting_url ? (
            <Link key="meeting" href={group.meeting_url} target="_blank" rel="noreferrer">
              {group.meeting_url}
            </Link>
          ) : (
            '—'
          ),
        ]
      : [t('manageClasses.form.location'), group.location ?? '—'],
    [t('manageClasses.detail.ages'), ages],
  ];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
      {group.image_url && (
        <Box
          component="img"
          src={group.image_url}
          alt={t('manageClasses.detail.imageAlt', { name: group.name })}
          sx={{
            width: { xs: '100%', md: 320 },
            maxHeight: 240,
            objectFit: 'cover',
            borderRadius: 1,
          }}
          data-testid="klass-group-image"
        />
      )}
      <Box>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
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
        {group.description && (
          <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{group.description}</Typography>
        )}
      </Box>
    </Stack>
  );
}
