import type { MakeupCredit, Role } from '@atelier/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { GrantMakeupCredit } from './grant-makeup-credit';
import { MakeupCredits } from './makeup-credits';
import { ReportAbsence } from './report-absence';

configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const signedIn = (role: Role) =>
  makeStore({ session: { status: 'loaded', user: buildUser({ role }) } });

const ZONE = 'America/New_York';
const NOW = Date.parse('2026-03-10T16:00:00Z');

const credit = (overrides: Partial<MakeupCredit>): MakeupCredit => ({
  id: '1',
  attendee_profile_id: '11',
  child_name: 'Mia Parent',
  source: 'absence',
  origin_klass_id: '30',
  origin_starts_at: '2026-03-14T15:00:00.000Z',
  origin_name: 'Comics Drawing',
  expires_at: '2026-05-10T16:00:00.000Z',
  state: 'available',
  used_at: null,
  booking: null,
  ...overrides,
});

describe('make-up screens (docs/product.md#absences-and-make-ups)', () => {
  it('takes back an absence whose session is ahead, and only such', async () => {
    const sent: FakeRequest[] = [];
    server = fakeApi({
      'GET /api/v2/account/makeup_credits': {
        data: {
          data: [
            credit({}),
            credit({
              id: '2',
              child_name: 'Leo Parent',
              origin_klass_id: '29',
              origin_starts_at: '2026-03-07T15:00:00.000Z',
            }),
          ],
        },
      },
      'DELETE /api/v2/klasses/30/absences/11': (request) => {
        sent.push(request);
        return { status: 204 };
      },
    });
    const store = signedIn('student');
    const { user } = renderWithProviders(<MakeupCredits zone={ZONE} now={NOW} />, { store });
    const button = await screen.findByRole('button', {
      name: 'Take back the absence of Mia Parent on Mar 14, 2026',
    });
    // Leo's missed session is past: nothing to take back.
    expect(screen.getAllByRole('button', { name: /Take back/ })).toHaveLength(1);
    await user.click(button);
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({ content: 'Absence taken back.' }),
    );
  });

  it('cancels a booked make-up before it starts', async () => {
    const sent: FakeRequest[] = [];
    server = fakeApi({
      'GET /api/v2/account/makeup_credits': {
        data: {
          data: [
            credit({
              source: 'staff',
              state: 'used',
              used_at: '2026-03-09T10:00:00.000Z',
              booking: {
                id: '5',
                klass_id: '40',
                starts_at: '2026-03-21T15:00:00.000Z',
                name: 'Painting',
              },
            }),
          ],
        },
      },
      'DELETE /api/v2/makeup_bookings/5': (request) => {
        sent.push(request);
        return {
          data: {
            data: {
              id: '5',
              makeup_credit_id: '1',
              klass_id: '40',
              attendee_profile_id: '11',
              created_at: '2026-03-09T10:00:00.000Z',
              cancelled_at: '2026-03-10T16:00:00.000Z',
            },
          },
        };
      },
    });
    const store = signedIn('student');
    const { user } = renderWithProviders(<MakeupCredits zone={ZONE} now={NOW} />, { store });
    const list = await screen.findByTestId('makeup-credit');
    // A staff credit has no absence to take back.
    expect(within(list).queryByRole('button', { name: /Take back/ })).not.toBeInTheDocument();
    await user.click(
      within(list).getByRole('button', {
        name: 'Cancel make-up of Mia Parent on Mar 21, 2026',
      }),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({
        content: 'Make-up cancelled: the credit is yours to use again.',
      }),
    );
  });

  it('lets an admin grant a credit for an absent child, with a reason', async () => {
    let body: unknown;
    server = fakeApi({
      'POST /api/v2/admin/makeup_credits': (request) => {
        body = request.body;
        return { status: 201, data: { data: credit({ source: 'staff' }) } };
      },
    });
    const store = signedIn('admin');
    const { user } = renderWithProviders(
      <GrantMakeupCredit klassId="30" attendeeProfileId="11" name="Mia Parent" />,
      { store },
    );
    await user.click(screen.getByRole('button', { name: 'Grant make-up credit to Mia Parent' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Grant make-up credit to Mia Parent',
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Flu');
    await user.click(within(dialog).getByRole('button', { name: 'Grant make-up credit' }));
    await waitFor(() =>
      expect(body).toEqual({ attendee_profile_id: '11', klass_id: '30', reason: 'Flu' }),
    );
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({ content: 'Make-up credit granted.' }),
    );
  });

  it('on the session, shows a reported absence (even one that gave no credit) with Take back', async () => {
    const sent: FakeRequest[] = [];
    server = fakeApi({
      'GET /api/v2/account/absences': {
        data: {
          data: [
            {
              klass_id: '30',
              attendee_profile_id: '11',
              child_name: 'Mia Parent',
              starts_at: '2026-03-14T15:00:00.000Z',
              makeup_credit_id: null,
            },
            {
              klass_id: '31',
              attendee_profile_id: '12',
              child_name: 'Leo Parent',
              starts_at: '2026-03-21T15:00:00.000Z',
              makeup_credit_id: '4',
            },
          ],
        },
      },
      'DELETE /api/v2/klasses/30/absences/11': (request) => {
        sent.push(request);
        return { status: 204 };
      },
    });
    const store = signedIn('student');
    const { user } = renderWithProviders(
      <ReportAbsence
        klass={{
          id: '30',
          starts_at: '2026-03-14T15:00:00.000Z',
          status: 'scheduled',
          attendee_names: ['Mia Parent'],
        }}
        now={NOW}
      />,
      { store },
    );
    const reported = await screen.findByTestId('reported-absences');
    expect(reported).toHaveTextContent('Absence reported: Mia Parent');
    // Leo's absence is from another session: not here.
    expect(reported).not.toHaveTextContent('Leo Parent');
    await user.click(
      within(reported).getByRole('button', { name: /^Take back the absence of Mia/ }),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({ content: 'Absence taken back.' }),
    );
  });

  it('shows teachers no grant button (the route is admins’)', () => {
    renderWithProviders(<GrantMakeupCredit klassId="30" attendeeProfileId="11" name="Mia" />, {
      store: signedIn('teacher'),
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
