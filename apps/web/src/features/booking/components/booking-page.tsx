import { AUDIENCES, type Audience, FORMATS, type Format, WEEKDAYS } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { clientConfig } from '../../../lib/client-config';
import { formatInstantRange, formatPlainDate, weekdayName } from '../../../lib/format-date';
import { formatCents } from '../../../lib/money';
import { paths } from '../../../lib/route-paths';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { useCart } from '../../cart';
import { UsePass } from '../../passes';
import { selectUser } from '../../session';
import { TryClass } from '../../trials';
import { ScheduleWaitlist, useOfferedSeats } from '../../waitlist';
import {
  filterProgrammes,
  type PageFilters,
  TIMES_OF_DAY,
  type TimeOfDay,
} from '../booking-filters';
import {
  type BookableProgramme,
  type BookableSchedule,
  useCatalogueProgrammeQuery,
  useCatalogueQuery,
} from '../catalogue-api';
import { BookingForm, usePlanPrice } from './booking-form';

/** How many upcoming sessions a schedule lists before "and N more". */
const KLASSES_SHOWN = 3;

function ScheduleCard({
  programme,
  schedule: listed,
  zone,
  money,
}: {
  programme: BookableProgramme;
  schedule: BookableSchedule;
  zone: string;
  money: (cents: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const planPrice = usePlanPrice(money);
  const [booking, setBooking] = useState(false);
  // Seats a waitlist offer holds for this family are left for it alone (docs/product.md#waitlist).
  const offered = useOfferedSeats(listed.id);
  const schedule = offered > 0 ? { ...listed, seats_left: listed.seats_left + offered } : listed;
  const soldOut = schedule.seats_left <= 0;
  const headingId = `schedule-${schedule.id}-title`;
  const shown = schedule.klasses.slice(0, KLASSES_SHOWN);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="booking-schedule"
      sx={{ p: 2, listStyle: 'none' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" id={headingId}>
          {schedule.name}
        </Typography>
        {soldOut ? (
          <Chip label={t('booking.soldOut')} color="default" size="small" />
        ) : (
          // Outlined in the default colour: the success green (#00c853) on white is too faint
          // for small text (contrast 2.2:1).
          <Chip
            label={t('booking.seatsLeft', { count: schedule.seats_left })}
            size="small"
            variant="outlined"
          />
        )}
      </Stack>
      <Typography variant="body2">
        {t('booking.dates', {
          start: formatPlainDate(schedule.start_date, i18n.language),
          end: formatPlainDate(schedule.end_date, i18n.language),
        })}
      </Typography>
      {schedule.teacher.name && (
        <Typography variant="body2">
          {t('booking.teacher', { name: schedule.teacher.name })}
        </Typography>
      )}
      {schedule.room && (
        <Typography variant="body2">{t('booking.room', { name: schedule.room })}</Typography>
      )}
      <Typography variant="body2" component="div">
        {t('booking.nextClasses')}
        <ul style={{ margin: 0 }}>
          {shown.map((klass) => (
            <li key={klass.id}>
              {formatInstantRange(klass.starts_at, klass.ends_at, zone, i18n.language)}
            </li>
          ))}
          {schedule.klasses.length > KLASSES_SHOWN && (
            <li>{t('booking.moreClasses', { count: schedule.klasses.length - KLASSES_SHOWN })}</li>
          )}
        </ul>
      </Typography>
      <Typography variant="body2" component="div">
        {t('booking.plans')}
        <ul style={{ margin: 0 }}>
          {schedule.klass_group_schedule_plans.map(({ plan }) => (
            <li key={plan.id}>{`${plan.name}: ${planPrice(plan)}`}</li>
          ))}
        </ul>
      </Typography>
      {schedule.klass_group_schedule_addons.length > 0 && (
        <Typography variant="body2">
          {t('booking.addonsOffered', {
            names: schedule.klass_group_schedule_addons
              .map((a) => t('booking.addonPrice', { name: a.name, price: money(a.price) }))
              .join(', '),
          })}
        </Typography>
      )}
      {booking ? (
        <BookingForm
          programme={programme}
          schedule={schedule}
          money={money}
          onDone={() => setBooking(false)}
        />
      ) : (
        <Button
          variant="contained"
          sx={{ mt: 1 }}
          disabled={soldOut || schedule.klass_group_schedule_plans.length === 0}
          onClick={() => setBooking(true)}
          aria-label={t('booking.bookLabel', { schedule: schedule.name, name: programme.name })}
        >
          {soldOut ? t('booking.soldOut') : t('booking.book')}
        </Button>
      )}
      {(listed.seats_left <= 0 || offered > 0) && (
        <ScheduleWaitlist scheduleId={schedule.id} scheduleName={schedule.name} />
      )}
    </Paper>
  );
}

function ProgrammeCard(props: {
  programme: BookableProgramme;
  zone: string;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation();
  const { programme } = props;
  const headingId = `programme-${programme.id}-title`;
  const ages =
    programme.min_age !== null || programme.max_age !== null
      ? t('booking.ages', { min: programme.min_age ?? 0, max: programme.max_age ?? '–' })
      : null;
  return (
    <Paper component="li" aria-labelledby={headingId} sx={{ p: 2, listStyle: 'none' }}>
      <Typography variant="h5" component="h2" id={headingId}>
        {programme.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[
          t(`manageClasses.audiences.${programme.audience}`),
          t(`manageClasses.formats.${programme.format}`),
          programme.location,
          ages,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {programme.description && (
        <Typography variant="body1" sx={{ my: 1, whiteSpace: 'pre-line' }}>
          {programme.description}
        </Typography>
      )}
      <TryClass programme={programme} money={props.money} zone={props.zone} />
      <UsePass programmeId={programme.id} />
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
        {programme.klass_group_schedules.map((schedule) => (
          <ScheduleCard key={schedule.id} {...props} schedule={schedule} />
        ))}
      </Stack>
    </Paper>
  );
}

const anyValue = '';

/**
 * /book_class (docs/product.md#booking-and-the-cart): the published programmes, filtered, each schedule with
 * its times in the viewer's zone, seats, plans and add-ons, and a form to add it to the cart.
 * `?klass_group={slug}` shows one programme.
 */
export function BookingPage() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const slug = search.get('klass_group');
  const user = useAppSelector(selectUser);
  const cartCount = useCart().items.length;
  const zone = timeZoneOf(user);
  const currency = clientConfig().currency;
  const money = (cents: number) => formatCents(cents, currency, i18n.language);
  const [audience, setAudience] = useState<Audience | ''>(anyValue);
  const [format, setFormat] = useState<Format | ''>(anyValue);
  const [age, setAge] = useState('');
  const [weekday, setWeekday] = useState('');
  const [timeOfDay, setTimeOfDay] = useState<TimeOfDay | ''>(anyValue);

  const list = useCatalogueQuery(
    slug ? skipToken : { ...(audience ? { audience } : {}), ...(format ? { format } : {}) },
  );
  const one = useCatalogueProgrammeQuery(slug ?? skipToken);
  const programmes = slug ? (one.data ? [one.data] : []) : (list.data ?? []);
  const loading = slug ? one.isLoading : list.isLoading;
  const parsedAge = /^\d{1,3}$/.test(age) ? Number(age) : null;
  const filters: PageFilters = {
    age: parsedAge,
    weekday: weekday ? Number(weekday) : null,
    timeOfDay: timeOfDay || null,
  };
  const shown = filterProgrammes(programmes, filters, zone);

  return (
    <>
      <PageTitle title={t('pages.bookClass')} />
      {cartCount > 0 && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          data-testid="booking-cart-count"
          action={
            <Button component={RouterLink} to={paths.cart} color="inherit" size="small">
              {t('booking.goToCart')}
            </Button>
          }
        >
          {t('booking.cartCount', { count: cartCount })}
        </Alert>
      )}
      {slug ? (
        <Link component={RouterLink} to={paths.bookClass} sx={{ display: 'block', mb: 2 }}>
          {t('booking.allClasses')}
        </Link>
      ) : (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mb: 3, flexWrap: 'wrap' }}
          role="search"
          aria-label={t('booking.filters')}
        >
          <TextField
            select
            size="small"
            label={t('booking.audience')}
            value={audience}
            onChange={(event) => setAudience(event.target.value as Audience | '')}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value={anyValue}>{t('booking.any')}</MenuItem>
            {AUDIENCES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`manageClasses.audiences.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('booking.format')}
            value={format}
            onChange={(event) => setFormat(event.target.value as Format | '')}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value={anyValue}>{t('booking.any')}</MenuItem>
            {FORMATS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`manageClasses.formats.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('booking.age')}
            value={age}
            onChange={(event) => setAge(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            sx={{ width: 150 }}
          />
          <TextField
            select
            size="small"
            label={t('booking.weekday')}
            value={weekday}
            onChange={(event) => setWeekday(event.target.value)}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value={anyValue}>{t('booking.any')}</MenuItem>
            {WEEKDAYS.map((value) => (
              <MenuItem key={value} value={String(value)}>
                {weekdayName(value, i18n.language, 'long')}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('booking.timeOfDay')}
            value={timeOfDay}
            onChange={(event) => setTimeOfDay(event.target.value as TimeOfDay | '')}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value={anyValue}>{t('booking.any')}</MenuItem>
            {TIMES_OF_DAY.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`booking.times.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      {loading ? (
        <CircularProgress aria-label={t('booking.loading')} />
      ) : slug && one.isError ? (
        <Typography>{t('booking.notFound')}</Typography>
      ) : shown.length === 0 ? (
        <Typography>{t('booking.none')}</Typography>
      ) : (
        <Stack component="ul" spacing={3} sx={{ p: 0, m: 0 }} aria-label={t('booking.programmes')}>
          {shown.map((programme) => (
            <ProgrammeCard key={programme.id} programme={programme} zone={zone} money={money} />
          ))}
        </Stack>
      )}
    </>
  );
}
