import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import {
  addDays,
  formatPlainDate,
  type PlainDate,
  parsePlainDate,
  zonedDate,
} from '../../../lib/zoned-time';
import { type CalendarKlass, useCalendarKlassesQuery } from '../calendar-api';
import {
  formatDayLong,
  formatDayRange,
  formatDayShort,
  formatMonth,
  formatTime,
  formatTimeCompact,
  weekdayHeaders,
} from '../calendar-format';
import {
  anchorFrom,
  byDay,
  type CalendarView,
  dayKeys,
  isCalendarView,
  rangeQuery,
  shiftAnchor,
  visibleDays,
} from '../calendar-layout';
import { KlassDetails } from './klass-details';

type Props = {
  /** The user's zone: days and times are laid out in it. */
  zone: string;
  /** The current time (ms); tests pin it. */
  now?: number;
  /** More about a session in its dialog, from other features (the route composes them). */
  klassExtras?: (klass: CalendarKlass) => ReactNode;
};

/**
 * The sessions that concern the signed-in user (the server decides which: an admin's all, a
 * teacher's taught, a family's enrolled) as a month grid, a week or a list, in the user's zone.
 * The view and the day shown live in the URL (`?view=week&date=2026-03-14`).
 */
export function KlassCalendar({ zone, now = Date.now(), klassExtras }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view');
  const view: CalendarView = isCalendarView(viewParam) ? viewParam : 'month';
  const today = anchorFrom(null, zone, now);
  const anchor = anchorFrom(params.get('date'), zone, now);
  const range = visibleDays(view, anchor);
  const query = rangeQuery(range, zone);
  const { data, isFetching, isError } = useCalendarKlassesQuery(query);
  const days = useMemo(() => byDay(data ?? [], zone), [data, zone]);
  const [open, setOpen] = useState<CalendarKlass | null>(null);

  const go = (next: { view?: CalendarView; date?: PlainDate }) => {
    const nextParams = new URLSearchParams(params);
    if (next.view) nextParams.set('view', next.view);
    if (next.date) nextParams.set('date', formatPlainDate(next.date));
    setParams(nextParams);
  };

  const last = addDays(range.first, range.days - 1);
  const title =
    view === 'week' ? formatDayRange(range.first, last, locale) : formatMonth(anchor, locale);
  const todayKey = formatPlainDate(today);

  return (
    <Box data-testid="klass-calendar">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, mb: 2 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton
            aria-label={t(`calendar.previous.${view}`)}
            onClick={() => go({ date: shiftAnchor(view, anchor, -1) })}
          >
            <ChevronLeftIcon />
          </IconButton>
          <Button variant="outlined" onClick={() => go({ date: today })}>
            {t('calendar.today')}
          </Button>
          <IconButton
            aria-label={t(`calendar.next.${view}`)}
            onClick={() => go({ date: shiftAnchor(view, anchor, 1) })}
          >
            <ChevronRightIcon />
          </IconButton>
        </Stack>
        <Typography variant="h2" component="h2" sx={{ flexGrow: 1 }} aria-live="polite">
          {title}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: CalendarView | null) => next && go({ view: next })}
          aria-label={t('calendar.viewLabel')}
        >
          <ToggleButton value="month">{t('calendar.views.month')}</ToggleButton>
          <ToggleButton value="week">{t('calendar.views.week')}</ToggleButton>
          <ToggleButton value="list">{t('calendar.views.list')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('calendar.zoneNote', { zone })}
      </Typography>
      {isError && <Alert severity="error">{t('calendar.loadFailed')}</Alert>}
      <Box aria-busy={isFetching} data-testid={`calendar-${view}`}>
        {view === 'month' && (
          <MonthGrid
            keys={dayKeys(range)}
            month={anchor.month}
            days={days}
            zone={zone}
            todayKey={todayKey}
            onOpen={setOpen}
          />
        )}
        {view === 'week' && (
          <WeekColumns
            keys={dayKeys(range)}
            days={days}
            zone={zone}
            todayKey={todayKey}
            onOpen={setOpen}
          />
        )}
        {view === 'list' && <DayList keys={dayKeys(range)} days={days} zone={zone} />}
        {data && data.length === 0 && (
          <Typography sx={{ mt: 2 }} data-testid="calendar-empty">
            {t('calendar.empty')}
          </Typography>
        )}
      </Box>
      {open && (
        <AppDialog open title={open.title} onClose={() => setOpen(null)}>
          <Typography sx={{ mb: 1 }}>
            {formatDayLong(formatPlainDate(zonedDate(Date.parse(open.starts_at), zone)), locale)}
          </Typography>
          <KlassDetails klass={open} zone={zone} />
          {klassExtras?.(open)}
        </AppDialog>
      )}
    </Box>
  );
}

type DayProps = {
  keys: string[];
  days: Map<string, CalendarKlass[]>;
  zone: string;
  todayKey: string;
  onOpen: (klass: CalendarKlass) => void;
};

/** Below this width the month grid's day columns are too narrow for '10:30 PM Drawing Lab'. */
const PHONE_QUERY = '(max-width:599.95px)';

/**
 * One session as a compact button: its start time and programme; opens its details. `stacked`
 * (the month grid on a phone) puts a short 24-hour time on a line of its own, never cut, and the
 * programme under it, wrapped.
 */
function KlassChip({
  klass,
  zone,
  onOpen,
  stacked = false,
}: {
  klass: CalendarKlass;
  zone: string;
  onOpen: (klass: CalendarKlass) => void;
  stacked?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const cancelled = klass.status === 'cancelled';
  const time = formatTime(klass.starts_at, zone, i18n.language);
  const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
  return (
    <ButtonBase
      onClick={() => onOpen(klass)}
      aria-label={t(cancelled ? 'calendar.entryCancelled' : 'calendar.entry', {
        time,
        title: klass.title,
      })}
      sx={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        px: stacked ? 0.25 : 0.5,
        py: 0.25,
        mb: 0.5,
        borderRadius: 1,
        fontSize: stacked ? 11 : 12,
        bgcolor: cancelled ? 'action.hover' : 'primary.light',
        color: 'text.primary',
        textDecoration: cancelled ? 'line-through' : 'none',
        ...(stacked ? { overflow: 'hidden' } : ellipsis),
      }}
      // The chip may be cut short with an ellipsis; the whole entry shows on hover.
      title={`${time} ${klass.title}`}
      data-testid="calendar-entry"
      data-status={klass.status}
    >
      {stacked ? (
        <>
          <Box
            component="span"
            data-testid="calendar-entry-time"
            sx={{ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' }}
          >
            {formatTimeCompact(klass.starts_at, zone, i18n.language)}
          </Box>
          {/* A phone's day column is a few letters wide: the title wraps (hyphenated where the
              language allows) rather than being cut, so "Observational Drawing" is never "Obser…". */}
          <Box
            component="span"
            data-testid="calendar-entry-title"
            sx={{ display: 'block', overflowWrap: 'anywhere', hyphens: 'auto' }}
          >
            {klass.title}
          </Box>
        </>
      ) : (
        <>
          {time} {klass.title}
        </>
      )}
    </ButtonBase>
  );
}

function MonthGrid({ keys, month, days, zone, todayKey, onOpen }: DayProps & { month: number }) {
  const { i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const headers = weekdayHeaders(i18n.language);
  const longHeaders = weekdayHeaders(i18n.language, 'long');
  const weeks = Array.from({ length: keys.length / 7 }, (_v, w) => keys.slice(w * 7, w * 7 + 7));
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      <thead>
        <tr>
          {headers.map((name, i) => (
            <Box
              component="th"
              key={name}
              scope="col"
              abbr={longHeaders[i]}
              sx={{ fontWeight: 600, fontSize: 13, p: 0.5 }}
            >
              {name}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((key) => {
              const date = parsePlainDate(key);
              const outside = date?.month !== month;
              const list = days.get(key) ?? [];
              return (
                <Box
                  component="td"
                  key={key}
                  data-date={key}
                  sx={{
                    verticalAlign: 'top',
                    border: 1,
                    borderColor: 'divider',
                    height: 96,
                    p: phone ? 0.25 : 0.5,
                    bgcolor: outside ? 'action.hover' : undefined,
                  }}
                >
                  <Typography
                    component="div"
                    sx={{
                      fontSize: 13,
                      fontWeight: key === todayKey ? 700 : 400,
                      color: outside ? 'text.secondary' : 'text.primary',
                      mb: 0.5,
                    }}
                    aria-current={key === todayKey ? 'date' : undefined}
                  >
                    {date?.day}
                  </Typography>
                  {list.map((klass) => (
                    <KlassChip
                      key={klass.id}
                      klass={klass}
                      zone={zone}
                      onOpen={onOpen}
                      stacked={phone}
                    />
                  ))}
                </Box>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function WeekColumns({ keys, days, zone, todayKey, onOpen }: DayProps) {
  const { i18n } = useTranslation();
  return (
    <Box
      component="ol"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        // minmax(0, …): a column may shrink below its longest title, which then ellipsizes.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(7, minmax(0, 1fr))' },
        gap: 1,
      }}
    >
      {keys.map((key) => (
        <Paper
          component="li"
          key={key}
          variant="outlined"
          sx={{ p: 1, minHeight: 120 }}
          data-date={key}
        >
          <Typography
            component="h3"
            sx={{ fontSize: 14, fontWeight: key === todayKey ? 700 : 600, mb: 1 }}
            aria-current={key === todayKey ? 'date' : undefined}
          >
            {formatDayShort(key, i18n.language)}
          </Typography>
          {(days.get(key) ?? []).map((klass) => (
            <KlassChip key={klass.id} klass={klass} zone={zone} onOpen={onOpen} />
          ))}
        </Paper>
      ))}
    </Box>
  );
}

function DayList({ keys, days, zone }: Pick<DayProps, 'keys' | 'days' | 'zone'>) {
  const { i18n } = useTranslation();
  const withKlasses = keys.filter((key) => days.has(key));
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {withKlasses.map((key) => (
        <Box component="li" key={key} sx={{ mb: 3 }} data-date={key}>
          <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {formatDayLong(key, i18n.language)}
          </Typography>
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {(days.get(key) ?? []).map((klass) => (
              <Paper
                component="li"
                key={klass.id}
                variant="outlined"
                sx={{ p: 1.5 }}
                data-testid="calendar-entry"
                data-status={klass.status}
              >
                <Typography component="h4" sx={{ fontWeight: 600 }}>
                  {klass.title}
                </Typography>
                <KlassDetails klass={klass} zone={zone} />
              </Paper>
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
