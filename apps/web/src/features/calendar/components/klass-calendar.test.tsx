import { type CalendarKlassAttributes, document, resource } from '@atelier/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { setScreenWidth } from '../../../testing/render-app';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CalendarFeedPanel } from './calendar-feed';
import { KlassCalendar } from './klass-calendar';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

function calendarKlass(id: string, overrides: Partial<CalendarKlassAttributes> = {}) {
  return resource(
    'klasses',
    id,
    {
      klass_group_id: '1',
      klass_group_schedule_id: '5',
      starts_at: '2026-03-08T03:30:00.000Z',
      ends_at: '2026-03-08T05:00:00.000Z',
      status: 'scheduled',
      title: 'Drawing Lab',
      schedule_name: 'Spring evenings',
      format: 'online',
      location: null,
      meeting_url: 'https://meet.example.com/lab',
      teacher_name: 'Theo Teacher',
      attendee_names: ['Kid One'],
      time_zone: 'America/New_York',
      ...overrides,
    } satisfies CalendarKlassAttributes,
    {
      klass_group: { id: '1', type: 'klass_groups' },
      klass_group_schedule: { id: '5', type: 'klass_group_schedules' },
    },
  );
}

const programme = resource(
  'klass_groups',
  '1',
  {
    name: 'Drawing Lab',
    slug: 'drawing-lab',
    description: '',
    audience: 'all_ages',
    format: 'online',
    location: null,
    min_age: null,
    max_age: null,
    trial_price: null,
    image_url: null,
    thumb_url: null,
  },
  { klass_group_schedules: [] },
);

const klasses = document(
  [
    calendarKlass('1'),
    calendarKlass('2', {
      starts_at: '2026-03-14T15:00:00.000Z',
      ends_at: '2026-03-14T17:00:00.000Z',
      title: 'Comics Drawing',
      format: 'in_person',
      location: '12 Studio Lane',
      meeting_url: null,
      status: 'cancelled',
    }),
  ],
  { included: [programme], meta: { total: 2 } },
);

// Noon on 2026-03-10 in New York.
const NOW = Date.parse('2026-03-10T16:00:00Z');

describe('the class calendar', { timeout: 30_000 }, () => {
  it('lays out the month in the user’s zone: an evening session stays on its local day', async () => {
    server = fakeApi({ 'GET /api/v1/calendar/klasses': { data: klasses } });
    renderWithProviders(<KlassCalendar zone="America/New_York" now={NOW} />, {
      route: '/classes',
    });
    expect(await screen.findByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    const saturday = await waitFor(() => {
      const cell = document_querySelector('[data-date="2026-03-07"]');
      expect(
        within(cell).getByRole('button', { name: '10:30 PM Drawing Lab' }),
      ).toBeInTheDocument();
      return cell;
    });
    expect(saturday).toBeInTheDocument();
    expect(
      within(document_querySelector('[data-date="2026-03-14"]')).getByRole('button', {
        name: '11:00 AM Comics Drawing (cancelled)',
      }),
    ).toBeInTheDocument();
    expect(server.requests[0]?.params).toEqual({
      from: '2026-03-01T05:00:00.000Z',
      to: '2026-04-05T04:00:00.000Z',
    });
    expect(screen.getByText('Times in America/New_York')).toBeInTheDocument();
  });

  it('gives each month entry a short time of its own line on a phone and wraps its title, never cut', async () => {
    setScreenWidth(360);
    try {
      server = fakeApi({ 'GET /api/v1/calendar/klasses': { data: klasses } });
      renderWithProviders(<KlassCalendar zone="America/New_York" now={NOW} />, {
        route: '/classes',
      });
      const entry = await waitFor(() =>
        within(document_querySelector('[data-date="2026-03-07"]')).getByRole('button', {
          name: '10:30 PM Drawing Lab',
        }),
      );
      const time = within(entry).getByTestId('calendar-entry-time');
      expect(time).toHaveTextContent(/^22:30$/);
      expect(time).toHaveStyle({ whiteSpace: 'nowrap', display: 'block' });
      expect(time).not.toHaveStyle({ textOverflow: 'ellipsis' });
      // The programme wraps within the narrow day column instead of being cut to "Draw…".
      const title = within(entry).getByTestId('calendar-entry-title');
      expect(title).toHaveTextContent('Drawing Lab');
      expect(title).toHaveStyle({ overflowWrap: 'anywhere' });
      expect(title).not.toHaveStyle({ textOverflow: 'ellipsis' });
      expect(title).not.toHaveStyle({ whiteSpace: 'nowrap' });
      expect(
        within(
          within(document_querySelector('[data-date="2026-03-14"]')).getByRole('button', {
            name: '11:00 AM Comics Drawing (cancelled)',
          }),
        ).getByTestId('calendar-entry-time'),
      ).toHaveTextContent(/^11:00$/);
    } finally {
      setScreenWidth(1280);
    }
  });

  it('keeps time and programme on one line on a wider screen', async () => {
    server = fakeApi({ 'GET /api/v1/calendar/klasses': { data: klasses } });
    renderWithProviders(<KlassCalendar zone="America/New_York" now={NOW} />, {
      route: '/classes',
    });
    const entry = await waitFor(() =>
      within(document_querySelector('[data-date="2026-03-07"]')).getByRole('button', {
        name: '10:30 PM Drawing Lab',
      }),
    );
    expect(entry).toHaveTextContent(/^10:30 PM Drawing Lab$/);
    expect(within(entry).queryByTestId('calendar-entry-time')).toBeNull();
  });

  it('shows the same session on the next day in Tokyo, at Tokyo time', async () => {
    server = fakeApi({ 'GET /api/v1/calendar/klasses': { data: klasses } });
    renderWithProviders(<KlassCalendar zone="Asia/Tokyo" now={NOW} />, { route: '/classes' });
    await waitFor(() =>
      expect(
        within(document_querySelector('[data-date="2026-03-08"]')).getByRole('button', {
          name: '12:30 PM Drawing Lab',
        }),
      ).toBeInTheDocument(),
    );
    expect(
      within(document_querySelector('[data-date="2026-03-07"]')).queryAllByRole('button'),
    ).toHaveLength(0);
  });

  it('opens a session’s details: teacher, attendees and the meeting link of an online class', async () => {
    server = fakeApi({ 'GET /api/v1/calendar/klasses': { data: klasses } });
    const { user } = renderWithProviders(
      <KlassCalendar
        zone="America/New_York"
        now={NOW}
        klassExtras={(klass) => <p>More about session {klass.id}</p>}
      />,
      { route: '/classes' },
    );
    await user.click(await screen.findByRole('button', { name: '10:30 PM Drawing Lab' }));
    const dialog = await screen.findByRole('dialog', { name: 'Drawing Lab' });
    expect(dialog).toHaveTextContent('Saturday, March 7, 2026');
    // What other features add to a session (its attendance) shows in its dialog.
    expect(dialog).toHaveTextContent('More about session 1');
    expect(dialog).toHaveTextContent('Teacher: Theo Teacher');
    expect(dialog).toHaveTextContent('For: Kid One');
    expect(within(dialog).getByRole('link', { name: 'Join the online class' })).toHaveAttribute(
      'href',
      'https://meet.example.com/lab',
    );
  });

  it('shows a week from Sunday and a list of the month, from the URL', async () => {
    server = fakeApi({ 'GET /api/v1/calendar/klasses': { data: klasses } });
    const { user } = renderWithProviders(<KlassCalendar zone="America/New_York" now={NOW} />, {
      route: '/classes?view=week&date=2026-03-12',
    });
    expect(
      await screen.findByRole('heading', { name: /^Mar 8\s–\s14, 2026$/ }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('calendar-entry')).toHaveLength(1));
    expect(server.requests[0]?.params).toEqual({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-15T04:00:00.000Z',
    });
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(
      await screen.findByRole('heading', { name: 'Saturday, March 14, 2026' }),
    ).toBeInTheDocument();
    const entries = await screen.findAllByTestId('calendar-entry');
    expect(entries[1]).toHaveTextContent('Where: 12 Studio Lane');
    expect(entries[1]).toHaveTextContent('Cancelled');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'April 2026' })).toBeInTheDocument();
  });
});

describe('the calendar feed', { timeout: 30_000 }, () => {
  const feed = (url: string | null) => ({
    data: {
      data: {
        id: '1',
        type: 'calendar_feeds',
        attributes: { url, created_at: url ? '2026-03-01T00:00:00.000Z' : null },
      },
    },
  });

  it('creates a private link, and turns it off after asking', async () => {
    server = fakeApi({
      'GET /api/v1/calendar/feed': feed(null),
      'POST /api/v1/calendar/feed': {
        status: 201,
        ...feed('http://localhost:3000/api/v1/calendar/abcdefghijklmnopqrstuv.ics'),
      },
      'DELETE /api/v1/calendar/feed': { status: 204 },
    });
    const { user } = renderWithProviders(<CalendarFeedPanel />);
    await user.click(await screen.findByRole('button', { name: 'Create my calendar link' }));
    expect(await screen.findByRole('textbox', { name: 'Your private calendar link' })).toHaveValue(
      'http://localhost:3000/api/v1/calendar/abcdefghijklmnopqrstuv.ics',
    );
    await user.click(screen.getByRole('button', { name: 'Turn off the link' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Turn off the link' }),
    );
    expect(
      await screen.findByRole('button', { name: 'Create my calendar link' }),
    ).toBeInTheDocument();
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'DELETE']);
  });
});

function document_querySelector(selector: string): HTMLElement {
  const found = globalThis.document.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}
