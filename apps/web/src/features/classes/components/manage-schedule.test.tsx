import { document, resource } from '@atelier/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import {
  klassAttributes,
  planListDocument,
  scheduleDocument,
  validationErrors,
} from '../classes-test-data';
import { ManageSchedule } from './manage-schedule';
import { ScheduleFormDialog } from './schedule-form-dialog';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const admin = (timezone: string | null = 'America/New_York') => ({
  session: { status: 'loaded' as const, user: buildUser({ role: 'admin', timezone }) },
});

function change(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const teachers = document([
  resource('users', '7', {
    name: 'Theo Teacher',
    email: 'teacher@atelier.test',
    avatar_url: null,
    role: 'teacher',
    timezone: null,
    locale: 'en',
  }),
]);

const previewReply = {
  data: {
    data: ['2026-03-07', '2026-03-21', '2026-03-28'].map((date, i) => ({
      id: String(i + 1),
      type: 'klass_previews',
      attributes: {
        starts_at: `${date}T15:00:00.000Z`,
        ends_at: `${date}T17:00:00.000Z`,
        local_date: date,
        local_start_time: '10:00',
        local_end_time: '12:00',
        weekday: 6,
      },
    })),
    meta: { total: 3, skipped_dates: ['2026-03-14'] },
  },
};

describe('creating a schedule', { timeout: 30_000 }, () => {
  async function fillPattern(user: ReturnType<typeof renderWithProviders>['user']) {
    change(/^Name/, 'Spring Saturdays');
    change(/^First day/, '2026-03-01');
    change(/^Last day/, '2026-03-31');
    await user.click(screen.getByRole('combobox', { name: /^Weekday 1/ }));
    await user.click(await screen.findByRole('option', { name: 'Saturday' }));
    change(/^Start time 1/, '10:00');
    change(/^End time 1/, '12:00');
    change('Holiday', '2026-03-14');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
  }

  it('previews the sessions the pattern makes, holidays skipped, before it can be saved', async () => {
    server = fakeApi({
      'POST /api/v1/klass_group_schedules/preview': previewReply,
      'GET /api/v1/users/search': { data: teachers },
      'GET /api/v1/plans': { data: planListDocument([{ id: '3' }]) },
    });
    const { user } = renderWithProviders(
      <ScheduleFormDialog
        klassGroupId="1"
        defaultTimeZone="America/New_York"
        onClose={vi.fn()}
        onCreated={vi.fn()}
      />,
      { preloadedState: admin() },
    );
    await fillPattern(user);
    expect(screen.getByRole('button', { name: 'Create schedule' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Preview sessions' }));
    expect(await screen.findByTestId('schedule-preview-total')).toHaveTextContent('3 sessions');
    expect(screen.getByTestId('schedule-preview-skipped')).toHaveTextContent(
      'Skipped for holidays: Mar 14, 2026',
    );
    expect(server.requests.find((r) => r.url.endsWith('/preview'))?.body).toEqual({
      klass_group_schedule: {
        time_zone: 'America/New_York',
        start_date: '2026-03-01',
        end_date: '2026-03-31',
        slots: [{ weekday: 6, start_time: '10:00', end_time: '12:00' }],
        exception_dates: ['2026-03-14'],
      },
    });
    expect(screen.getByRole('button', { name: 'Create schedule' })).toBeEnabled();
    // A changed pattern makes the preview stale: it must be previewed again.
    change(/^Last day/, '2026-04-30');
    expect(screen.getByText(/preview the sessions again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create schedule' })).toBeDisabled();
  });

  it("shows the server's 422 for a weekly time beside that time", async () => {
    server = fakeApi({
      'POST /api/v1/klass_group_schedules/preview': previewReply,
      'GET /api/v1/users/search': { data: teachers },
      'GET /api/v1/plans': { data: planListDocument([{ id: '3', attributes: { name: 'Term' } }]) },
      'POST /api/v1/klass_groups/1/schedules': validationErrors({
        'slots.0.end_time': 'Must be after the start time',
        teacher_id: 'Must be a teacher',
      }),
    });
    const onCreated = vi.fn();
    const { user } = renderWithProviders(
      <ScheduleFormDialog
        klassGroupId="1"
        defaultTimeZone="America/New_York"
        onClose={vi.fn()}
        onCreated={onCreated}
      />,
      { preloadedState: admin() },
    );
    await fillPattern(user);
    change(/^Capacity/, '10');
    await user.click(screen.getByRole('combobox', { name: /^Teacher/ }));
    await user.click(await screen.findByRole('option', { name: /Theo Teacher/ }));
    await user.click(screen.getByRole('combobox', { name: /^Plans/ }));
    await user.click(await screen.findByRole('option', { name: /^Term/ }));
    await user.click(screen.getByRole('button', { name: 'Preview sessions' }));
    await screen.findByTestId('schedule-preview-total');
    await user.click(screen.getByRole('button', { name: 'Create schedule' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^End time 1/)).toHaveAccessibleDescription(
        'Must be after the start time',
      ),
    );
    expect(screen.getByRole('combobox', { name: /^Teacher/ })).toHaveAccessibleDescription(
      'Must be a teacher',
    );
    expect(server.requests.at(-1)?.body).toMatchObject({
      klass_group_schedule: {
        name: 'Spring Saturdays',
        capacity: 10,
        teacher_id: '7',
        plan_ids: ['3'],
      },
    });
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('/manage_classes/{klass_group_id}/schedules/{id}', { timeout: 30_000 }, () => {
  const schedule = () =>
    scheduleDocument('5', {
      klasses: [
        {
          id: '51',
          attributes: {
            starts_at: '2026-03-07T15:00:00.000Z',
            ends_at: '2026-03-07T17:00:00.000Z',
          },
        },
        {
          id: '52',
          attributes: {
            starts_at: '2026-03-21T14:00:00.000Z',
            ends_at: '2026-03-21T16:00:00.000Z',
            status: 'cancelled',
          },
        },
      ],
      addons: [{ id: '61', name: 'Sketchbook', price: 1250 }],
    });

  it('shows sessions in the viewer’s zone, prices in dollars, seats and an empty roster', async () => {
    server = fakeApi({ 'GET /api/v1/klass_group_schedules/5': { data: schedule() } });
    renderWithProviders(<ManageSchedule klassGroupId="1" id="5" />, {
      preloadedState: admin('Asia/Tokyo'),
    });
    const rows = await screen.findAllByTestId('klass-row');
    // 15:00 UTC on Mar 7 is midnight on Mar 8 in Tokyo; the schedule's own zone is shown too.
    expect(rows[0]).toHaveTextContent('Sun, Mar 8, 2026');
    expect(rows[0]).toHaveTextContent('(America/New_York)');
    expect(rows[1]).toHaveAttribute('data-status', 'cancelled');
    expect(
      within(rows[1] as HTMLElement).getByRole('button', { name: /^Restore/ }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('addons')).getByText('$12.50')).toBeInTheDocument();
    expect(screen.getByTestId('schedule-plans')).toHaveTextContent(
      'Per class — $20.00 + $30.50 per class',
    );
    expect(screen.getByTestId('schedule-details')).toHaveTextContent(
      '8 left (1 enrolled, 1 held for checkout)',
    );
    expect(screen.getByTestId('roster-empty')).toHaveTextContent('No one is enrolled yet.');
  });

  it('cancels a session after asking, and adds an add-on priced in dollars as cents', async () => {
    server = fakeApi({
      'GET /api/v1/klass_group_schedules/5': { data: schedule() },
      'PATCH /api/v1/klasses/51': {
        data: document(
          resource(
            'klasses',
            '51',
            { ...klassAttributes({ status: 'cancelled' }) },
            {
              klass_group_schedule: { id: '5', type: 'klass_group_schedules' },
            },
          ),
        ),
      },
      'POST /api/v1/klass_group_schedules/5/addons': {
        status: 201,
        data: document(
          resource(
            'klass_group_schedule_addons',
            '62',
            {
              klass_group_schedule_id: '5',
              name: 'Canvas',
              price: 725,
            },
            { klass_group_schedule: { id: '5', type: 'klass_group_schedules' } },
          ),
        ),
      },
    });
    const { user } = renderWithProviders(<ManageSchedule klassGroupId="1" id="5" />, {
      preloadedState: admin(),
    });
    const [first] = await screen.findAllByTestId('klass-row');
    await user.click(
      within(first as HTMLElement).getByRole('button', { name: /^Cancel the session/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel session' }));
    await waitFor(() =>
      expect(server?.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        klass: { status: 'cancelled' },
      }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add an add-on' }));
    change(/^Name/, 'Canvas');
    change(/^Price/, '7.25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server?.requests.find((r) => r.url.endsWith('/addons'))?.body).toEqual({
        addon: { name: 'Canvas', price: 725, translations: {} },
      }),
    );
  });

  it("says 'Invalid input' for a price with fractions of a cent and sends nothing", async () => {
    server = fakeApi({ 'GET /api/v1/klass_group_schedules/5': { data: schedule() } });
    const { user } = renderWithProviders(<ManageSchedule klassGroupId="1" id="5" />, {
      preloadedState: admin(),
    });
    await user.click(await screen.findByRole('button', { name: 'Add an add-on' }));
    change(/^Name/, 'Canvas');
    change(/^Price/, '7.255');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^Price/)).toHaveAccessibleDescription('Invalid input');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('lists the roster: each enrolled attendee with a translated status', async () => {
    server = fakeApi({
      'GET /api/v1/klass_group_schedules/5': {
        data: scheduleDocument('5', {
          enrollments: [
            { id: '81', name: 'Kid One', status: 'active' },
            { id: '82', name: 'Kid Two', status: 'cancelled' },
          ],
        }),
      },
    });
    renderWithProviders(<ManageSchedule klassGroupId="1" id="5" />, { preloadedState: admin() });
    const roster = await screen.findByRole('table', { name: 'Roster' });
    const rows = within(roster).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Kid OneEnrolledFeb 20, 2026');
    expect(rows[2]).toHaveTextContent('Kid TwoCancelled');
    expect(screen.queryByTestId('roster-empty')).not.toBeInTheDocument();
  });

  it('says the schedule does not exist under another programme', async () => {
    server = fakeApi({ 'GET /api/v1/klass_group_schedules/5': { data: schedule() } });
    renderWithProviders(<ManageSchedule klassGroupId="2" id="5" />, { preloadedState: admin() });
    expect(await screen.findByText('This schedule does not exist.')).toBeInTheDocument();
  });
});
