import type { WaitlistEntry } from '@atelier/contract';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { ResponsiveTable } from '../../../components/admin/responsive-table';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import {
  useLeaveWaitlistMutation,
  useReorderWaitlistMutation,
  useScheduleWaitlistQuery,
} from '../waitlist-api';
import { formatOfferEnd } from './offer-expiry';

/** The line with `from` moved to `to`. */
function moved(ids: string[], from: number, to: number): string[] {
  const out = [...ids];
  const [id] = out.splice(from, 1);
  if (id !== undefined) out.splice(to, 0, id);
  return out;
}

/**
 * A schedule's waitlist on its staff page (docs/product.md#waitlist): families in line order
 * with their seats and any open offer; move up and down (the next freed seats follow the new
 * order) and remove (an open offer's seats pass on).
 */
export function ScheduleWaitlistAdmin({ scheduleId }: { scheduleId: string }) {
  const { t, i18n } = useTranslation();
  const zone = timeZoneOf(useAppSelector(selectUser));
  const { data: line = [], isLoading } = useScheduleWaitlistQuery(scheduleId);
  const [reorder, reordering] = useReorderWaitlistMutation();
  const [remove] = useLeaveWaitlistMutation();
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const ids = line.map((e) => e.id);
  const move = (from: number, to: number) =>
    void reorder({ scheduleId, entryIds: moved(ids, from, to) });

  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 2, mt: 3 }}
      aria-labelledby="schedule-waitlist-title"
      data-testid="schedule-waitlist"
    >
      <Typography variant="h6" component="h2" id="schedule-waitlist-title">
        {t('waitlist.adminTitle')}
      </Typography>
      {isLoading ? null : line.length === 0 ? (
        <Typography variant="body2">{t('waitlist.adminEmpty')}</Typography>
      ) : (
        // Five columns and three buttons: cards on a phone (the admin kit's table).
        <ResponsiveTable<WaitlistEntry>
          labelledBy="schedule-waitlist-title"
          rows={line}
          rowKey={(entry) => entry.id}
          rowData={() => ({ 'data-testid': 'schedule-waitlist-entry' })}
          columns={[
            { key: 'place', header: t('waitlist.place'), render: (entry) => entry.place },
            {
              key: 'family',
              header: t('waitlist.family'),
              render: (entry) => (
                <>
                  {entry.family?.name ?? ''}
                  <Typography variant="body2" color="text.secondary">
                    {entry.family?.email}
                  </Typography>
                </>
              ),
            },
            { key: 'seats', header: t('waitlist.seats'), render: (entry) => entry.seats },
            {
              key: 'status',
              header: t('waitlist.status'),
              render: (entry) =>
                entry.offer
                  ? t('waitlist.offeredUntil', {
                      until: formatOfferEnd(entry.offer.expires_at, zone, i18n.language),
                    })
                  : t('waitlist.waiting'),
            },
          ]}
          actions={{
            header: t('waitlist.actions'),
            render: (entry) => {
              const name = entry.family?.name ?? '';
              const index = ids.indexOf(entry.id);
              return (
                <>
                  <IconButton
                    size="small"
                    disabled={index === 0 || reordering.isLoading}
                    onClick={() => move(index, index - 1)}
                    aria-label={t('waitlist.moveUp', { name })}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    disabled={index === line.length - 1 || reordering.isLoading}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('waitlist.moveDown', { name })}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    onClick={() => setRemoving(entry)}
                    aria-label={t('waitlist.remove', { name })}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              );
            },
          }}
        />
      )}
      {removing && (
        <ConfirmDeleteDialog
          title={t('waitlist.removeTitle', { name: removing.family?.name ?? '' })}
          question={t('waitlist.removeQuestion')}
          confirmLabel={t('waitlist.removeConfirm')}
          onConfirm={() => remove({ entryId: removing.id, scheduleId }).unwrap()}
          onDeleted={() => setRemoving(null)}
          onClose={() => setRemoving(null)}
          inUseMessage={t('waitlist.removeFailed')}
          failedMessage={t('waitlist.removeFailed')}
          testId="waitlist-remove-dialog"
        />
      )}
    </Paper>
  );
}
