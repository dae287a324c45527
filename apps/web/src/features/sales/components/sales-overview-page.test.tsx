import type { SalesOverview } from '@atelier/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { setScreenWidth } from '../../../testing/render-app';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { SalesOverviewPage } from './sales-overview-page';

// The chart itself (recharts, SVG measured by the browser) is not what these tests are about:
// a stand-in shows what it was given.
vi.mock('./sales-chart', () => ({
  default: (props: { label: string; buckets: unknown[] }) => (
    <div role="img" aria-label={props.label} data-testid="sales-chart">
      {props.buckets.length}
    </div>
  ),
}));

configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
  vi.restoreAllMocks();
});

// 2026-03-10 12:00 in New York.
const NOW = Date.parse('2026-03-10T16:00:00Z');

const overview = (interval: SalesOverview['interval'] = 'day'): SalesOverview => ({
  from: '2026-03-01',
  to: '2026-03-10',
  interval,
  time_zone: 'America/New_York',
  currency: 'USD',
  totals: { gross: 24_500, refunds: 7_001, net: 17_499, orders: 3 },
  buckets:
    interval === 'week'
      ? [
          { start: '2026-02-23', gross: 0, refunds: 0, net: 0, orders: 0 },
          { start: '2026-03-02', gross: 17_500, refunds: 4_000, net: 13_500, orders: 2 },
          { start: '2026-03-09', gross: 7_000, refunds: 3_001, net: 3_999, orders: 1 },
        ]
      : [
          { start: '2026-03-07', gross: 17_500, refunds: 4_000, net: 13_500, orders: 2 },
          { start: '2026-03-09', gross: 7_000, refunds: 3_001, net: 3_999, orders: 1 },
        ],
  programmes: [
    {
      klass_group_id: '3',
      name: 'Observational Drawing',
      gross: 24_500,
      refunds: 7_001,
      net: 17_499,
    },
  ],
  plans: [
    { plan_id: '1', name: 'Term', gross: 17_000, refunds: 6_001, net: 10_999 },
    { plan_id: '2', name: 'Drop-in', gross: 7_500, refunds: 1_000, net: 6_500 },
  ],
  schedules: [
    {
      schedule_id: '5',
      name: 'Saturdays',
      programme_name: 'Observational Drawing',
      start_date: '2026-03-07',
      end_date: '2026-04-25',
      capacity: 8,
      seats_sold: 6,
      fill_rate: 0.75,
    },
  ],
});
const doc = (o: SalesOverview) => ({ data: { id: 'x', type: 'sales_overview', attributes: o } });

describe('/sales_overview', { timeout: 30_000 }, () => {
  it('asks for this month so far in New York and shows the totals, chart and tables', async () => {
    server = fakeApi({ 'GET /api/v2/admin/sales': { data: doc(overview()) } });
    renderWithProviders(<SalesOverviewPage now={NOW} />);
    const summary = await screen.findByTestId('sales-summary');
    expect(server.requests[0]?.params).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
      interval: 'day',
    });
    for (const text of ['$245.00', '$70.01', '$174.99', '3']) {
      expect(within(summary).getByText(text)).toBeInTheDocument();
    }
    expect(
      await screen.findByRole('img', {
        name: /Gross, refunds and net from Mar 1, 2026 to Mar 10, 2026/,
      }),
    ).toHaveTextContent('2');
    const periods = screen.getByTestId('sales-by-period');
    expect(within(periods).getByText('Mar 7, 2026')).toBeInTheDocument();
    expect(within(periods).getByText('$135.00')).toBeInTheDocument();
    const plans = within(screen.getByTestId('sales-by-plan'));
    expect(plans.getByText('Drop-in')).toBeInTheDocument();
    expect(plans.getByText('$109.99')).toBeInTheDocument();
    const schedule = within(screen.getByTestId('sales-by-schedule'));
    expect(schedule.getByText('Observational Drawing — Saturdays')).toBeInTheDocument();
    expect(schedule.getByText('75%')).toBeInTheDocument();
  });

  it('names each figures table by its heading, and shows its rows as cards on a phone', async () => {
    server = fakeApi({ 'GET /api/v2/admin/sales': { data: doc(overview()) } });
    const { unmount } = renderWithProviders(<SalesOverviewPage now={NOW} />);
    expect(await screen.findByRole('table', { name: 'By period' })).toBeInTheDocument();
    unmount();
    setScreenWidth(390);
    try {
      renderWithProviders(<SalesOverviewPage now={NOW} />);
      const periods = await screen.findByRole('list', { name: 'By period' });
      const [first] = within(periods).getAllByRole('listitem');
      // Every column is in the card, Orders included (a table would hide it past the edge).
      expect(within(first as HTMLElement).getByText('Orders').nextElementSibling).toHaveTextContent(
        '2',
      );
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      // The two dates share one group, so they stay side by side above the other controls.
      const range = within(screen.getByTestId('sales-range'));
      expect(range.getByLabelText('From')).toBeInTheDocument();
      expect(range.getByLabelText('To')).toBeInTheDocument();
    } finally {
      setScreenWidth(1280);
    }
  });

  it('groups by ISO week when asked, naming each week by its Monday', async () => {
    server = fakeApi((request) => ({
      data: doc(overview(request.params.interval as SalesOverview['interval'])),
    }));
    const { user } = renderWithProviders(<SalesOverviewPage now={NOW} />);
    await screen.findByTestId('sales-summary');
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(await screen.findByText('Week of Mar 2, 2026')).toBeInTheDocument();
    expect(server.requests.at(-1)?.params).toMatchObject({ interval: 'week' });
  });

  it('says what is wrong with a backwards range and asks nothing for it', async () => {
    server = fakeApi({ 'GET /api/v2/admin/sales': { data: doc(overview()) } });
    renderWithProviders(<SalesOverviewPage now={NOW} />);
    await screen.findByTestId('sales-summary');
    const asked = server.requests.length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    expect(await screen.findByText('Must be on or after the start date')).toBeInTheDocument();
    expect(screen.queryByTestId('sales-summary')).toBeNull();
    expect(server.requests.length).toBe(asked);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('downloads the same range as CSV, asked for with Accept: text/csv', async () => {
    const csv = 'section,period_start\r\ntotal,2026-03-01\r\n';
    server = fakeApi((request) =>
      request.headers.get('accept') === 'text/csv'
        ? { data: csv, headers: { 'content-type': 'text/csv' } }
        : { data: doc(overview()) },
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:sales';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<SalesOverviewPage now={NOW} />);
    await screen.findByTestId('sales-summary');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csvRequest = server.requests.find((r) => r.headers.get('accept') === 'text/csv');
    expect(csvRequest?.params).toEqual({ from: '2026-03-01', to: '2026-03-10', interval: 'day' });
    expect(await blobs[0]?.text()).toBe(csv);
  });
});
