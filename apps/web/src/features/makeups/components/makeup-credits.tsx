import type { MakeupCredit } from '@atelier/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { ChoiceSelect } from '../../../components/form/choice-select';
import { handleError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatInstantRange } from '../../../lib/format-date';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { selectRole } from '../../session';
import {
  useBookMakeupMutation,
  useCancelMakeupMutation,
  useMakeupCreditsQuery,
  useMakeupOptionsQuery,
  useWithdrawAbsenceMutation,
} from '../makeups-api';

/**
 * The family's make-up credits on /classes (docs/product.md#absences-and-make-ups): each with its
 * child, missed session, expiry and state; an available one books a seat in an upcoming session,
 * in person or online. Before the missed session starts its absence can be taken back (the
 * credit goes unless spent); before a booked make-up starts it can be cancelled (the credit
 * comes back).
 */
export function MakeupCredits({ zone, now = Date.now() }: { zone: string; now?: number }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRole);
  const [withdraw, { isLoading: withdrawing }] = useWithdrawAbsenceMutation();
  const [cancel, { isLoading: cancelling }] = useCancelMakeupMutation();
  const { data } = useMakeupCreditsQuery(undefined, { skip: role !== 'student' });
  const [booking, setBooking] = useState<MakeupCredit | null>(null);
  if (role !== 'student' || !data) return null;
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: zone });

  async function takeBack(credit: MakeupCredit) {
    if (!credit.origin_klass_id) return;
    try {
      await withdraw({
        klassId: credit.origin_klass_id,
        attendeeProfileId: credit.attendee_profile_id,
      }).unwrap();
      dispatch(snackbarShown({ content: t('makeups.takenBack'), type: 'success' }));
    } catch (error) {
      handleError(error, t('makeups.takeBackFailed'));
    }
  }

  async function cancelBooking(bookingId: string) {
    try {
      await cancel(bookingId).unwrap();
      dispatch(snackbarShown({ content: t('makeups.makeupCancelled'), type: 'success' }));
    } catch (error) {
      handleError(error, t('makeups.cancelFailed'));
    }
  }
  return (
    <section aria-labelledby="makeup-credits-title" data-testid="makeup-credits">
      <Typography variant="h2" id="makeup-credits-title" sx={{ fontSize: '1.5rem', mt: 4 }}>
        {t('makeups.title')}
      </Typography>
      {data.length === 0 ? (
        <Typography>{t('makeups.none')}</Typography>
      ) : (
        <List>
          {data.map((credit) => (
            <ListItem
              key={credit.id}
              data-testid="makeup-credit"
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  {credit.state === 'available' && (
                    <Button variant="outlined" onClick={() => setBooking(credit)}>
                      {t('makeups.book')}
                    </Button>
                  )}
                  {credit.booking && Date.parse(credit.booking.starts_at) > now && (
                    <Button
                      variant="outlined"
                      disabled={cancelling}
                      aria-label={t('makeups.cancelMakeupFor', {
                        name: credit.child_name,
                        date: day.format(new Date(credit.booking.starts_at)),
                      })}
                      onClick={() => void cancelBooking(credit.booking?.id ?? '')}
                    >
                      {t('makeups.cancelMakeup')}
                    </Button>
                  )}
                  {credit.source === 'absence' &&
                    credit.origin_klass_id &&
                    credit.origin_starts_at &&
                    Date.parse(credit.origin_starts_at) > now && (
                      <Button
                        variant="text"
                        disabled={withdrawing}
                        aria-label={t('makeups.takeBackFor', {
                          name: credit.child_name,
                          date: day.format(new Date(credit.origin_starts_at)),
                        })}
                        onClick={() => void takeBack(credit)}
                      >
                        {t('makeups.takeBack')}
                      </Button>
                    )}
                </Stack>
              }
            >
              <ListItemText
                primary={
                  <>
                    {credit.child_name}{' '}
                    <Chip size="small" label={t(`makeups.state.${credit.state}`)} />
                  </>
                }
                secondary={[
                  credit.origin_name && credit.origin_starts_at
                    ? t('makeups.missed', {
                        name: credit.origin_name,
                        date: day.format(new Date(credit.origin_starts_at)),
                      })
                    : null,
                  t('makeups.expires', { date: day.format(new Date(credit.expires_at)) }),
                  credit.booking
                    ? t('makeups.bookedInto', {
                        name: credit.booking.name,
                        date: day.format(new Date(credit.booking.starts_at)),
                      })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {booking && <BookMakeupDialog credit={booking} onClose={() => setBooking(null)} />}
    </section>
  );
}

function BookMakeupDialog({ credit, onClose }: { credit: MakeupCredit; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: options, isLoading } = useMakeupOptionsQuery(credit.id);
  const [klassId, setKlassId] = useState('');
  const [book, { isLoading: saving }] = useBookMakeupMutation();

  async function submit() {
    try {
      await book({ creditId: credit.id, klassId }).unwrap();
      dispatch(snackbarShown({ content: t('makeups.booked'), type: 'success' }));
      onClose();
    } catch (error) {
      handleError(error, t('makeups.bookFailed'));
    }
  }

  return (
    <AppDialog
      open
      title={t('makeups.bookFor', { name: credit.child_name })}
      onClose={onClose}
      testId="book-makeup-dialog"
      actions={
        <Button variant="contained" disabled={!klassId || saving} onClick={() => void submit()}>
          {t('makeups.confirm')}
        </Button>
      }
    >
      <ChoiceSelect
        label={t('makeups.chooseClass')}
        loading={isLoading}
        empty={t('makeups.noOptions')}
        value={klassId}
        onChange={setKlassId}
        choices={(options ?? []).map((o) => ({
          value: o.klass_id,
          label: t('makeups.option', {
            name: o.programme,
            when: formatInstantRange(o.starts_at, o.ends_at, o.time_zone, i18n.language),
            format: t(`makeups.format.${o.format}`),
            seats: o.seats_left,
          }),
        }))}
      />
    </AppDialog>
  );
}
