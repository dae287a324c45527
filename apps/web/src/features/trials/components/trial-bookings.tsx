import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../lib/api-client';
import { clientConfig } from '../../../lib/client-config';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatCents } from '../../../lib/money';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { selectRole } from '../../session';
import { useCancelTrialMutation, useTrialBookingsQuery } from '../trials-api';

/**
 * The family's trial classes on /classes (docs/product.md#trial-classes): child, programme, when,
 * price and state; one not yet started can be cancelled. Hidden while the family has none.
 */
export function TrialBookings({ zone }: { zone: string }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRole);
  const { data } = useTrialBookingsQuery(undefined, { skip: role !== 'student' });
  const [cancel, { isLoading: cancelling }] = useCancelTrialMutation();
  if (role !== 'student' || !data || data.length === 0) return null;
  const when = dateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: zone,
  });
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: zone });
  const money = (cents: number) => formatCents(cents, clientConfig().currency, i18n.language);

  async function cancelTrial(id: string) {
    try {
      await cancel(id).unwrap();
      dispatch(snackbarShown({ content: t('trials.cancelled'), type: 'success' }));
    } catch (error) {
      handleError(error, t('trials.cancelFailed'));
    }
  }

  return (
    <section aria-labelledby="trial-bookings-title" data-testid="trial-bookings">
      <Typography variant="h2" id="trial-bookings-title" sx={{ fontSize: '1.5rem', mt: 4 }}>
        {t('trials.listTitle')}
      </Typography>
      <List>
        {data.map((trial) => {
          const upcoming = new Date(trial.starts_at).getTime() > Date.now();
          return (
            <ListItem
              key={trial.id}
              data-testid="trial-booking"
              secondaryAction={
                trial.status !== 'cancelled' && upcoming ? (
                  <Button
                    variant="outlined"
                    disabled={cancelling}
                    onClick={() => void cancelTrial(trial.id)}
                    aria-label={t('trials.cancelLabel', {
                      child: trial.child_name,
                      name: trial.programme,
                    })}
                  >
                    {t('trials.cancel')}
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <>
                    {t('trials.entry', { child: trial.child_name, name: trial.programme })}{' '}
                    <Chip size="small" label={t(`trials.status.${trial.status}`)} />
                  </>
                }
                secondary={[
                  `${trial.schedule_name} · ${when.format(new Date(trial.starts_at))}`,
                  trial.price === 0 ? t('trials.free') : money(trial.price),
                  trial.price > 0 && trial.status === 'booked'
                    ? trial.credited_at
                      ? t('trials.credited')
                      : t('trials.creditUntil', { date: day.format(new Date(trial.credit_until)) })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}
