import {
  DEFAULT_TIMEZONE,
  daysBetween,
  SALES_INTERVALS,
  SALES_MAX_RANGE_DAYS,
  type SalesFigures,
  type SalesInterval,
  type SalesOverview,
} from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../components/admin/responsive-table';
import { handleError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatPlainDate } from '../../../lib/format-date';
import { formatCents } from '../../../lib/money';
import { formatPlainDate as plainDateText, zonedDate } from '../../../lib/zoned-time';
import { type SalesArgs, useLazySalesCsvQuery, useSalesOverviewQuery } from '../sales-api';

// The chart library is loaded with the chart only, on this page (docs/product.md#sales-overview).
const SalesChart = lazy(() => import('./sales-chart'));

/** This month so far, in the school's zone. */
function defaultRange(now: number): { from: string; to: string } {
  const today = zonedDate(now, DEFAULT_TIMEZONE);
  return { from: plainDateText({ ...today, day: 1 }), to: plainDateText(today) };
}

/** What is wrong with the range, as the server would say it, or null. */
function rangeProblem(
  from: string,
  to: string,
): 'required' | 'toBeforeFrom' | 'rangeTooLong' | null {
  if (!from || !to) return 'required';
  if (to < from) return 'toBeforeFrom';
  if (daysBetween(from, to) + 1 > SALES_MAX_RANGE_DAYS) return 'rangeTooLong';
  return null;
}

/** Saves `text` as a file named `name` (a Blob and a temporary link). */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

type Column<T> = { key: string; header: string; cell: (row: T) => ReactNode; numeric?: boolean };

/** One figures table under its heading; on a phone, one card per row (the admin kit's table). */
function FiguresTable<T>(props: {
  caption: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  empty: string;
  testId: string;
}) {
  const headingId = useId();
  return (
    <Box sx={{ mb: 3 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {props.caption}
      </Typography>
      <ResponsiveTable<T>
        labelledBy={headingId}
        testId={props.testId}
        rows={props.rows}
        rowKey={props.rowKey}
        columns={props.columns.map((c) => ({
          key: c.key,
          header: c.header,
          render: c.cell,
          align: c.numeric ? 'right' : 'left',
        }))}
        placeholder={props.empty}
      />
    </Box>
  );
}

/**
 * /sales_overview (admins): gross, refunds and net for a range of local dates in the school's
 * zone by day, ISO week or month, as a chart and as tables; by programme and plan; seats sold
 * per schedule; the same figures as a CSV download.
 */
export function SalesOverviewPage({ now = Date.now() }: { now?: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [range, setRange] = useState(() => defaultRange(now));
  const [interval, setCut] = useState<SalesInterval>('day');
  const problem = rangeProblem(range.from, range.to);
  const args: SalesArgs = { ...range, interval };
  const { data, isError, isFetching } = useSalesOverviewQuery(args, { skip: problem !== null });
  const [fetchCsv, csv] = useLazySalesCsvQuery();

  const money = (cents: number) => formatCents(cents, data?.currency ?? 'USD', locale);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const monthFormat = dateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' });
  const periodOf = (start: string) => {
    if (interval === 'month') return monthFormat.format(Date.parse(`${start}T00:00:00Z`));
    if (interval === 'week') return t('sales.weekOf', { date: formatPlainDate(start, locale) });
    return formatPlainDate(start, locale);
  };
  const figureColumns = <T extends SalesFigures>(): Column<T>[] => [
    { key: 'gross', header: t('sales.gross'), cell: (r) => money(r.gross), numeric: true },
    { key: 'refunds', header: t('sales.refunds'), cell: (r) => money(r.refunds), numeric: true },
    { key: 'net', header: t('sales.net'), cell: (r) => money(r.net), numeric: true },
  ];

  const onDownload = async () => {
    try {
      const text = await fetchCsv(args).unwrap();
      download(text, `sales-${args.from}-${args.to}-${args.interval}.csv`);
    } catch (error) {
      handleError(error, t('sales.downloadFailed'));
    }
  };

  const summary = (o: SalesOverview) => (
    // A gap, not margins: a figure that wraps to the next line starts at its left edge.
    <Stack
      direction="row"
      spacing={{ xs: 3, sm: 4 }}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap' }}
      data-testid="sales-summary"
    >
      {(
        [
          ['gross', money(o.totals.gross)],
          ['refunds', money(o.totals.refunds)],
          ['net', money(o.totals.net)],
          ['orders', count(o.totals.orders)],
        ] as const
      ).map(([key, value]) => (
        <Box key={key}>
          <Typography variant="body2" color="text.secondary" id={`sales-total-${key}`}>
            {t(`sales.${key}`)}
          </Typography>
          <Typography variant="h3" component="p" aria-labelledby={`sales-total-${key}`}>
            {value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );

  return (
    <Box>
      {/* On a phone the two dates share the first line, the interval and the download the
          next, each line from the left edge (a gap, not margins, between wrapped items). */}
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'flex-start', width: { xs: '100%', sm: 'auto' } }}
          data-testid="sales-range"
        >
          <TextField
            type="date"
            label={t('sales.from')}
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
            size="small"
            sx={{ flex: { xs: 1, sm: 'none' }, minWidth: 0 }}
          />
          <TextField
            type="date"
            label={t('sales.to')}
            value={range.to}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            error={problem === 'toBeforeFrom' || problem === 'rangeTooLong'}
            helperText={
              problem === 'toBeforeFrom' || problem === 'rangeTooLong'
                ? t(`sales.${problem}`, { days: SALES_MAX_RANGE_DAYS })
                : undefined
            }
            slotProps={{ inputLabel: { shrink: true } }}
            size="small"
            sx={{ flex: { xs: 1, sm: 'none' }, minWidth: 0 }}
          />
        </Stack>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={interval}
          onChange={(_event, next: SalesInterval | null) => next && setCut(next)}
          aria-label={t('sales.interval')}
        >
          {SALES_INTERVALS.map((i) => (
            <ToggleButton key={i} value={i}>
              {t(`sales.intervals.${i}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          variant="outlined"
          onClick={onDownload}
          disabled={problem !== null || csv.isFetching}
        >
          {t('sales.downloadCsv')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('sales.zoneNote', { zone: DEFAULT_TIMEZONE })}
      </Typography>
      {isError && <Alert severity="error">{t('sales.loadFailed')}</Alert>}
      {data && problem === null && (
        <Box aria-busy={isFetching}>
          {summary(data)}
          <Suspense fallback={<Box sx={{ height: 320 }} />}>
            <SalesChart
              buckets={data.buckets}
              label={t('sales.chartLabel', {
                from: formatPlainDate(data.from, locale),
                to: formatPlainDate(data.to, locale),
              })}
              names={{ gross: t('sales.gross'), refunds: t('sales.refunds'), net: t('sales.net') }}
              formatStart={periodOf}
              formatMoney={money}
            />
          </Suspense>
          <FiguresTable
            testId="sales-by-period"
            caption={t('sales.byPeriod')}
            rows={data.buckets}
            rowKey={(b) => b.start}
            empty={t('sales.empty')}
            columns={[
              { key: 'period', header: t('sales.period'), cell: (b) => periodOf(b.start) },
              ...figureColumns(),
              {
                key: 'orders',
                header: t('sales.orders'),
                cell: (b) => count(b.orders),
                numeric: true,
              },
            ]}
          />
          <FiguresTable
            testId="sales-by-programme"
            caption={t('sales.byProgramme')}
            rows={data.programmes}
            rowKey={(p) => p.klass_group_id}
            empty={t('sales.empty')}
            columns={[
              { key: 'name', header: t('sales.programme'), cell: (p) => p.name },
              ...figureColumns(),
            ]}
          />
          <FiguresTable
            testId="sales-by-plan"
            caption={t('sales.byPlan')}
            rows={data.plans}
            rowKey={(p) => p.plan_id}
            empty={t('sales.empty')}
            columns={[
              { key: 'name', header: t('sales.plan'), cell: (p) => p.name },
              ...figureColumns(),
            ]}
          />
          <FiguresTable
            testId="sales-by-schedule"
            caption={t('sales.bySchedule')}
            rows={data.schedules}
            rowKey={(s) => s.schedule_id}
            empty={t('sales.noSchedules')}
            columns={[
              {
                key: 'name',
                header: t('sales.schedule'),
                cell: (s) => `${s.programme_name} — ${s.name}`,
              },
              {
                key: 'dates',
                header: t('sales.dates'),
                cell: (s) =>
                  `${formatPlainDate(s.start_date, locale)} – ${formatPlainDate(s.end_date, locale)}`,
              },
              {
                key: 'sold',
                header: t('sales.seatsSold'),
                cell: (s) => s.seats_sold,
                numeric: true,
              },
              {
                key: 'capacity',
                header: t('sales.capacity'),
                cell: (s) => s.capacity,
                numeric: true,
              },
              {
                key: 'fill',
                header: t('sales.fillRate'),
                cell: (s) =>
                  new Intl.NumberFormat(locale, {
                    style: 'percent',
                    maximumFractionDigits: 0,
                  }).format(s.fill_rate),
                numeric: true,
              },
            ]}
          />
        </Box>
      )}
    </Box>
  );
}
