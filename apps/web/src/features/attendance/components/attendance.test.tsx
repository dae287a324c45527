import type {
  AttendanceRollAttributes,
  FamilyAttendanceAttributes,
  Role,
  ScheduleAttendanceMeta,
} from '@atelier/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, fakeApi, validationReply } from '../../../testing/fake-api';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { FamilyAttendance } from './family-attendance';
import { KlassAttendance } from './klass-attendance';
import { ScheduleAttendanceAdmin } from './schedule-attendance-admin';

/** A roll entry's card fields for a child with nothing to flag. */
const noCare = { has_allergies: false, allergies: '', medical_notes: '', emergency_contacts: [] };

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const signedIn = (role: Role) =>
  makeStore({ session: { status: 'loaded', user: buildUser({ role }) } });

const ZONE = 'America/New_York';
// Noon on 2026-03-10 in New York.
const NOW = Date.parse('2026-03-10T16:00:00Z');
const klass = {
  id: '30',
  starts_at: '2026-03-07T15:00:00.000Z',
  status: 'scheduled' as const,
};

function rollDocument(overrides: Partial<AttendanceRollAttributes> = {}) {
  return {
    data: {
      id: '30',
      type: 'attendance_rolls',
      attributes: {
        starts_at: '2026-03-07T15:00:00.000Z',
        ends_at: '2026-03-07T17:00:00.000Z',
        klass_status: 'scheduled',
        time_zone: ZONE,
        klass_group_name: 'Comics Drawing',
        schedule_name: 'Saturdays',
        markable: true,
        markable_from: '2026-03-07T05:00:00.000Z',
        attendees: [
          {
            attendee_profile_id: '11',
            name: 'Leo Parent',
            status: 'late',
            marked_at: null,
            excused: false,
            makeup: false,
            trial: false,
            drop_in: false,
            ...noCare,
          },
          {
            attendee_profile_id: '12',
            name: 'Mia Parent',
            status: null,
            marked_at: null,
            excused: false,
            makeup: false,
            trial: false,
            drop_in: false,
            ...noCare,
            has_allergies: true,
            allergies: 'Peanuts',
            medical_notes: 'Inhaler in the bag',
          },
          {
            attendee_profile_id: '13',
            name: 'Zoe Student',
            status: null,
            marked_at: null,
            excused: false,
            makeup: false,
            trial: false,
            drop_in: false,
            ...noCare,
          },
        ],
        ...overrides,
      } satisfies AttendanceRollAttributes,
    },
  };
}

const pressed = (group: HTMLElement, name: string) =>
  within(group).getByRole('button', { name }).getAttribute('aria-pressed');

describe('taking attendance from a session on /classes (docs/product.md#attendance)', () => {
  it('lets the teacher mark each attendee and saves only what changed, with a message', async () => {
    let saved: unknown;
    server = fakeApi({
      'GET /api/v1/klasses/30/attendances': { data: rollDocument() },
      'PUT /api/v1/klasses/30/attendances': (request) => {
        saved = request.body;
        return { data: rollDocument() };
      },
    });
    const store = signedIn('teacher');
    const { user } = renderWithProviders(<KlassAttendance klass={klass} zone={ZONE} now={NOW} />, {
      store,
    });
    await user.click(screen.getByRole('button', { name: 'Attendance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attendance: Comics Drawing' });
    const leo = within(dialog).getByRole('group', { name: 'Attendance of Leo Parent' });
    const mia = within(dialog).getByRole('group', { name: 'Attendance of Mia Parent' });
    expect(pressed(leo, 'Late')).toBe('true');
    expect(pressed(mia, 'Present')).toBe('false');
    // Nothing changed yet: nothing to save.
    const save = within(dialog).getByRole('button', { name: 'Save attendance' });
    expect(save).toBeDisabled();

    await user.click(within(mia).getByRole('button', { name: 'Present' }));
    await user.click(within(leo).getByRole('button', { name: 'Absent' }));
    expect(pressed(mia, 'Present')).toBe('true');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual({
      attendances: [
        { attendee_profile_id: '11', status: 'absent' },
        { attendee_profile_id: '12', status: 'present' },
      ],
    });
    expect(store.getState().snackbar).toMatchObject({
      content: 'Attendance saved.',
      type: 'success',
    });
  });

  it('marks the others present in one click, and takes a mark back when its status is chosen again', async () => {
    let saved: unknown;
    server = fakeApi({
      'GET /api/v1/klasses/30/attendances': { data: rollDocument() },
      'PUT /api/v1/klasses/30/attendances': (request) => {
        saved = request.body;
        return { data: rollDocument() };
      },
    });
    const { user } = renderWithProviders(<KlassAttendance klass={klass} zone={ZONE} now={NOW} />, {
      store: signedIn('admin'),
    });
    await user.click(screen.getByRole('button', { name: 'Attendance' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Mark the others present' }),
    );
    const leo = within(dialog).getByRole('group', { name: 'Attendance of Leo Parent' });
    expect(pressed(leo, 'Late')).toBe('true');
    await user.click(within(leo).getByRole('button', { name: 'Late' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toEqual({
      attendances: [
        { attendee_profile_id: '11', status: null },
        { attendee_profile_id: '12', status: 'present' },
        { attendee_profile_id: '13', status: 'present' },
      ],
    });
  });

  it('shows the server’s refusal beside the attendee it names, and keeps the dialog open', async () => {
    server = fakeApi({
      'GET /api/v1/klasses/30/attendances': { data: rollDocument() },
      'PUT /api/v1/klasses/30/attendances': validationReply(
        '0.attendee_profile_id',
        'Not enrolled in this class',
      ),
    });
    const { user } = renderWithProviders(<KlassAttendance klass={klass} zone={ZONE} now={NOW} />, {
      store: signedIn('teacher'),
    });
    await user.click(screen.getByRole('button', { name: 'Attendance' }));
    const dialog = await screen.findByRole('dialog');
    // The dialog opens before the roll has loaded: wait for the attendee, not just the dialog.
    const zoe = await within(dialog).findByRole('group', { name: 'Attendance of Zoe Student' });
    await user.click(within(zoe).getByRole('button', { name: 'Absent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(zoe).toHaveAccessibleDescription('Not enrolled in this class'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says from when a session can be marked, and offers no marking before', async () => {
    server = fakeApi({
      'GET /api/v1/klasses/30/attendances': {
        data: rollDocument({ markable: false, markable_from: '2026-03-14T04:00:00.000Z' }),
      },
    });
    const { user } = renderWithProviders(<KlassAttendance klass={klass} zone={ZONE} now={NOW} />, {
      store: signedIn('teacher'),
    });
    await user.click(screen.getByRole('button', { name: 'Attendance' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Attendance can be taken from Saturday, March 14, 2026.'),
    ).toBeInTheDocument();
    for (const button of within(
      within(dialog).getByRole('group', { name: 'Attendance of Mia Parent' }),
    ).getAllByRole('button')) {
      expect(button).toBeDisabled();
    }
    expect(within(dialog).queryByRole('button', { name: 'Save attendance' })).toBeNull();
  });

  it('offers nothing for a cancelled session', () => {
    server = fakeApi({});
    renderWithProviders(
      <KlassAttendance klass={{ ...klass, status: 'cancelled' }} zone={ZONE} now={NOW} />,
      { store: signedIn('teacher') },
    );
    expect(screen.queryByRole('button', { name: 'Attendance' })).toBeNull();
    expect(server.requests).toEqual([]);
  });
});

function familyRow(
  klassId: string,
  attendee: string,
  name: string,
  status: FamilyAttendanceAttributes['status'],
) {
  return {
    id: `${klassId}-${attendee}`,
    type: 'attendances',
    attributes: {
      klass_id: klassId,
      starts_at: '2026-03-07T15:00:00.000Z',
      ends_at: '2026-03-07T17:00:00.000Z',
      time_zone: ZONE,
      klass_group_name: 'Comics Drawing',
      schedule_name: 'Saturdays',
      attendee_profile_id: attendee,
      attendee_name: name,
      status,
    } satisfies FamilyAttendanceAttributes,
  };
}

const familyList = {
  data: [familyRow('30', '11', 'Leo Parent', 'late'), familyRow('30', '12', 'Mia Parent', null)],
  meta: { total: 2, page: 1, per_page: 20 },
};

describe('a family’s attendance on /classes', () => {
  it('shows the children’s marks in a past session’s view', async () => {
    server = fakeApi({ 'GET /api/v1/attendances': { data: familyList } });
    renderWithProviders(<KlassAttendance klass={klass} zone={ZONE} now={NOW} />, {
      store: signedIn('student'),
    });
    const marks = await screen.findByTestId('klass-attendance');
    expect(within(marks).getByRole('list', { name: 'Attendance' })).toBeInTheDocument();
    expect(
      within(marks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Leo Parent: Late', 'Mia Parent: Not marked yet']);
    expect(server.requests[0]?.params).toEqual({ klass_id: '30' });
    // A family cannot mark.
    expect(screen.queryByRole('button', { name: 'Attendance' })).toBeNull();
  });

  it('asks nothing about a session that has not started', () => {
    server = fakeApi({});
    renderWithProviders(
      <KlassAttendance
        klass={{ ...klass, starts_at: '2026-03-14T15:00:00.000Z' }}
        zone={ZONE}
        now={NOW}
      />,
      { store: signedIn('student') },
    );
    expect(server.requests).toEqual([]);
  });

  it('lists every child’s sessions with their marks, and pages', async () => {
    server = fakeApi({
      'GET /api/v1/attendances': (request) => ({
        data: {
          ...familyList,
          meta: { total: 25, page: Number(request.params.page), per_page: 20 },
        },
      }),
    });
    const { user } = renderWithProviders(<FamilyAttendance zone={ZONE} />, {
      store: signedIn('student'),
    });
    const table = await screen.findByRole('table', { name: 'Attendance' });
    const rows = await within(table).findAllByTestId('family-attendance-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        expect.stringMatching(/Sat, Mar 7, 2026/),
        'Comics Drawing · Saturdays',
        'Leo Parent',
        'Late',
      ],
      [
        expect.stringMatching(/Sat, Mar 7, 2026/),
        'Comics Drawing · Saturdays',
        'Mia Parent',
        'Not marked yet',
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server?.requests.at(-1)?.params).toEqual({ page: '2' }));
  });

  it('shows nothing to staff, and nothing to a family with no sessions yet', async () => {
    server = fakeApi({
      'GET /api/v1/attendances': { data: { data: [], meta: { total: 0, page: 1, per_page: 20 } } },
    });
    const staff = renderWithProviders(<FamilyAttendance zone={ZONE} />, {
      store: signedIn('teacher'),
    });
    expect(server.requests).toEqual([]);
    staff.unmount();
    renderWithProviders(<FamilyAttendance zone={ZONE} />, { store: signedIn('student') });
    await waitFor(() => expect(server?.requests).toHaveLength(1));
    expect(screen.queryByTestId('family-attendance')).toBeNull();
  });
});

describe('a schedule’s attendance on its staff page', () => {
  const meta: ScheduleAttendanceMeta = {
    total: 2,
    page: 1,
    per_page: 20,
    time_zone: ZONE,
    attendees: [
      { id: '11', name: 'Leo Parent' },
      { id: '12', name: 'Mia Parent' },
    ],
  };
  const klassResource = (id: string, startsAt: string, extra: Record<string, unknown>) => ({
    id,
    type: 'attendance_klasses',
    attributes: {
      starts_at: startsAt,
      ends_at: new Date(Date.parse(startsAt) + 7_200_000).toISOString(),
      klass_status: 'scheduled',
      counts: { present: 0, absent: 0, late: 0, unmarked: 2 },
      marks: [],
      ...extra,
    },
  });

  it('shows each session’s counts and each attendee’s mark, and opens a session’s roll', async () => {
    server = fakeApi({
      'GET /api/v1/klass_group_schedules/5/attendances': {
        data: {
          data: [
            klassResource('30', '2026-03-07T15:00:00.000Z', {
              counts: { present: 1, absent: 0, late: 1, unmarked: 0 },
              marks: [
                { attendee_profile_id: '11', status: 'late' },
                { attendee_profile_id: '12', status: 'present' },
              ],
            }),
            klassResource('31', '2026-03-14T15:00:00.000Z', {
              klass_status: 'cancelled',
              counts: { present: 0, absent: 0, late: 0, unmarked: 0 },
            }),
          ],
          meta,
        },
      },
      'GET /api/v1/klasses/30/attendances': { data: rollDocument() },
    });
    const { user } = renderWithProviders(<ScheduleAttendanceAdmin scheduleId="5" />, {
      store: signedIn('admin'),
    });
    const table = await screen.findByRole('table', { name: 'Attendance by session' });
    // The table is drawn before its rows arrive; the attendees' columns come with them.
    await within(table).findByRole('columnheader', { name: 'Mia Parent' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Session',
      'Present',
      'Late',
      'Absent',
      'Not marked yet',
      'Leo Parent',
      'Mia Parent',
      'Actions',
    ]);
    const [first, cancelled] = within(table).getAllByTestId('schedule-attendance-klass');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .slice(1, 7)
        .map((c) => c.textContent),
    ).toEqual(['1', '1', '0', '0', 'Late', 'Present']);
    expect(cancelled).toHaveAttribute('data-status', 'cancelled');
    expect(within(cancelled as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(
      within(first as HTMLElement).getByRole('button', { name: /^Take attendance: Sat, Mar 7/ }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Attendance: Comics Drawing' }),
    ).toBeInTheDocument();
  });
});
