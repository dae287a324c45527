import type { Role } from '@atelier/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import {
  type FakeApi,
  type FakeRequest,
  fakeApi,
  validationReply,
} from '../../../testing/fake-api';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { ChangeClassButton } from './change-class-button';
import { FamilyClasses } from './family-classes';

configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const signedIn = (role: Role) =>
  makeStore({ session: { status: 'loaded', user: buildUser({ role }) } });

const enrollmentsDocument = (allowed: boolean) => ({
  data: [
    {
      id: '7',
      attendee_profile_id: '11',
      attendee_name: 'Mia Parent',
      schedule_id: '3',
      programme: 'Comics Drawing',
      schedule_name: 'Saturdays',
      end_date: '2030-02-23',
    },
  ],
  meta: { family_transfers: allowed },
});

const options = {
  data: [
    {
      schedule_id: '4',
      plan_id: '2',
      programme: 'Comics Drawing',
      schedule_name: 'Sundays',
      start_date: '2030-01-06',
      end_date: '2030-03-31',
      time_zone: 'America/New_York',
      seats_left: 3,
    },
  ],
};

const transferDocument = (dryRun: boolean, difference: number) => ({
  data: {
    id: dryRun ? 'preview' : '9',
    type: 'enrollment_transfers',
    attributes: {
      enrollment_id: '7',
      new_enrollment_id: dryRun ? null : '8',
      attendee_name: 'Mia Parent',
      from_schedule_id: '3',
      from_name: 'Comics Drawing (Saturdays)',
      to_schedule_id: '4',
      to_name: 'Comics Drawing (Sundays)',
      plan_id: '2',
      currency: 'USD',
      old_value: 30000,
      new_price: 30000 + difference,
      difference,
      dry_run: dryRun,
      created_at: '2026-03-10T16:00:00.000Z',
    },
  },
});

describe('changing class (docs/product.md#transfers)', () => {
  it('a family previews the difference, confirms, and the move is sent once', async () => {
    const posted: FakeRequest[] = [];
    server = fakeApi({
      'GET /api/v2/account/enrollments': { data: enrollmentsDocument(true) },
      'GET /api/v2/enrollments/7/transfer_options': { data: options },
      'POST /api/v2/enrollments/7/transfer': (request) => {
        posted.push(request);
        const dry = (request.body as { dry_run: boolean }).dry_run;
        return { status: dry ? 200 : 201, data: transferDocument(dry, 17500) };
      },
    });
    const { user } = renderWithProviders(<FamilyClasses />, { store: signedIn('student') });
    await user.click(
      await screen.findByRole('button', {
        name: 'Change class for Mia Parent: Comics Drawing (Saturdays)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change class for Mia Parent' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New class' }));
    await user.click(await screen.findByRole('option', { name: /Sundays/ }));
    await user.click(within(dialog).getByRole('button', { name: 'See the price difference' }));
    expect(await within(dialog).findByTestId('transfer-preview')).toHaveTextContent('$175.00 more');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ schedule_id: '4', plan_id: '2', dry_run: true });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]?.body).toEqual({ schedule_id: '4', plan_id: '2', dry_run: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows no Change class when the school keeps changes to itself', async () => {
    server = fakeApi({
      'GET /api/v2/account/enrollments': { data: enrollmentsDocument(false) },
    });
    renderWithProviders(<FamilyClasses />, { store: signedIn('student') });
    expect(await screen.findByText('Mia Parent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change class/ })).not.toBeInTheDocument();
  });

  it('staff move through the admin route, and a full class is said in words', async () => {
    server = fakeApi({
      'GET /api/v2/enrollments/7/transfer_options': { data: options },
      'POST /api/v2/admin/enrollments/7/transfer': validationReply(
        'schedule_id',
        'That class has no free seat',
      ),
    });
    const { user } = renderWithProviders(
      <ChangeClassButton
        enrollmentId="7"
        childName="Mia Parent"
        fromLabel="Comics Drawing (Saturdays)"
        asStaff
      />,
      { store: signedIn('admin') },
    );
    await user.click(screen.getByRole('button', { name: /Change class for Mia Parent/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change class for Mia Parent' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New class' }));
    await user.click(await screen.findByRole('option', { name: /Sundays/ }));
    await user.click(within(dialog).getByRole('button', { name: 'See the price difference' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That class has no free seat any more.',
    );
  });
});
