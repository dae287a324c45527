import { WAITLIST_MAX_SEATS } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { paths } from '../../../lib/route-paths';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { useMyWaitlist } from '../use-offered-seats';
import {
  useDeclineWaitlistOfferMutation,
  useJoinWaitlistMutation,
  useLeaveWaitlistMutation,
} from '../waitlist-api';
import { formatOfferEnd } from './offer-expiry';

const wholeSeats = (value: string) =>
  /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= WAITLIST_MAX_SEATS;

function JoinForm({ scheduleId, scheduleName }: { scheduleId: string; scheduleName: string }) {
  const { t } = useTranslation();
  const [join] = useJoinWaitlistMutation();
  const { field, handleSubmit, submitting, formMessages } = useForm(
    { seats: '1' },
    { seats: { required: true, check: wholeSeats } },
  );
  const submit = handleSubmit(
    async ({ seats }) => {
      await join({ scheduleId, seats: Number(seats) }).unwrap();
    },
    { label: t('waitlist.joinFailed') },
  );
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', mt: 1 }}
      aria-label={t('waitlist.joinFormLabel', { schedule: scheduleName })}
    >
      <FormErrorAlert messages={formMessages} />
      <TextField
        {...field('seats')}
        size="small"
        label={t('waitlist.seats')}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
        sx={{ width: 140 }}
      />
      <Button type="submit" variant="outlined" disabled={submitting}>
        {t('waitlist.join')}
      </Button>
    </Stack>
  );
}

/**
 * A sold-out schedule on /book_class (docs/product.md#waitlist): a guest is asked to sign in; a
 * family joins the waitlist for a number of seats, sees its place, and sees and may decline an
 * offer (booking it is the schedule's own Book button, which the offer's seats enable).
 */
export function ScheduleWaitlist({
  scheduleId,
  scheduleName,
}: {
  scheduleId: string;
  scheduleName: string;
}) {
  const { t, i18n } = useTranslation();
  const user = useAppSelector(selectUser);
  const location = useLocation();
  const mine = useMyWaitlist();
  const [leave, leaving] = useLeaveWaitlistMutation();
  const [decline, declining] = useDeclineWaitlistOfferMutation();
  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return (
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="waitlist-sign-in">
        <Link component={RouterLink} to={`${paths.login}?redirect=${encodeURIComponent(here)}`}>
          {t('waitlist.signInToJoin')}
        </Link>
      </Typography>
    );
  }
  if (mine.isLoading) return null;
  const entry = mine.data?.find((e) => e.klass_group_schedule.id === scheduleId);
  if (!entry) return <JoinForm scheduleId={scheduleId} scheduleName={scheduleName} />;
  if (entry.offer) {
    const until = formatOfferEnd(entry.offer.expires_at, timeZoneOf(user), i18n.language);
    return (
      <Alert
        severity="success"
        sx={{ mt: 1 }}
        data-testid="waitlist-offer"
        action={
          <Button
            color="inherit"
            size="small"
            disabled={declining.isLoading}
            onClick={() => {
              if (entry.offer) void decline({ offerId: entry.offer.id, scheduleId });
            }}
            aria-label={t('waitlist.declineLabel', { schedule: scheduleName })}
          >
            {t('waitlist.decline')}
          </Button>
        }
      >
        {t('waitlist.offerHeld', { count: entry.offer.seats, until })}
      </Alert>
    );
  }
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', mt: 1 }}
      data-testid="waitlist-place"
    >
      <Typography variant="body2">
        {t('waitlist.yourPlace', { place: entry.place, count: entry.seats })}
      </Typography>
      <Button
        size="small"
        disabled={leaving.isLoading}
        onClick={() => void leave({ entryId: entry.id, scheduleId })}
        aria-label={t('waitlist.leaveLabel', { schedule: scheduleName })}
      >
        {t('waitlist.leave')}
      </Button>
    </Stack>
  );
}
