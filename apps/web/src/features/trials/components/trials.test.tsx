import { resource, type TrialBooking } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { TrialBookings } from './trial-bookings';
import { TryClass } from './try-class';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const ref = (type: string, id: string) => ({ type, id });
const signedIn = () => makeStore({ session: { status: 'loaded', user: buildUser() } });
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const programme = { id: '4', name: 'Observational Drawing', trial_price: 0 };

const child = (id: string, name: string) =>
  resource(
    'attendee_profiles',
    id,
    {
      name,
      birthday: '2017-05-05',
      is_account_holder: false,
      gallery_visibility: 'family',
      comments_need_approval: true,
      emergency_contacts: [],
      allergies: '',
      medical_notes: '',
      authorised_pickups: [],
    },
    { user: ref('users', '1') },
  );

const trial: TrialBooking = {
  id: '5',
  klass_id: '70',
  klass_group_id: '4',
  attendee_profile_id: '21',
  child_name: 'Leo',
  programme: 'Observational Drawing',
  schedule_name: 'Saturdays',
  starts_at: '2099-01-05T15:00:00.000Z',
  time_zone: 'America/New_York',
  price: 2500,
  status: 'booked',
  credit_until: '2099-02-04T15:00:00.000Z',
  credited_at: null,
  created_at: '2098-12-20T15:00:00.000Z',
  cancelled_at: null,
};

describe('“Try a class” (docs/product.md#trial-classes)', () => {
  it('asks a guest to sign in and comes back to the programme', () => {
    server = fakeApi({});
    renderWithProviders(<TryClass programme={programme} money={money} zone="UTC" />, {
      route: '/book_class?klass_group=drawing',
    });
    const link = screen.getByRole('link', { name: /sign in to try a class \(free\)/i });
    expect(link.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/book_class?klass_group=drawing')}`,
    );
    expect(server.requests).toEqual([]);
  });

  it('shows nothing for a programme without a trial', () => {
    server = fakeApi({});
    renderWithProviders(
      <TryClass programme={{ ...programme, trial_price: null }} money={money} zone="UTC" />,
      { store: signedIn() },
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('books a child into a chosen class', async () => {
    const posted: FakeRequest[] = [];
    server = fakeApi({
      'GET /api/v2/trial_bookings/options': {
        data: {
          meta: { price: 0, programme: 'Observational Drawing' },
          data: [
            {
              klass_id: '70',
              starts_at: '2099-01-05T15:00:00.000Z',
              ends_at: '2099-01-05T17:00:00.000Z',
              time_zone: 'America/New_York',
              schedule_name: 'Saturdays',
              seats_left: 3,
            },
          ],
        },
      },
      'GET /api/v1/users/1/attendee_profiles': {
        data: { data: [child('21', 'Leo')], meta: { total: 1, page: 1, per_page: 20 } },
      },
      'POST /api/v2/trial_bookings': (request) => {
        posted.push(request);
        return { status: 201, data: { data: trial } };
      },
      'GET /api/v2/trial_bookings': { data: { data: [] } },
    });
    const { user } = renderWithProviders(
      <TryClass programme={programme} money={money} zone="UTC" />,
      { store: signedIn() },
    );
    await user.click(screen.getByRole('button', { name: /try a class of observational drawing/i }));
    const dialog = await screen.findByTestId('try-class-dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Child' }));
    await user.click(await screen.findByRole('option', { name: 'Leo' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Class' }));
    await user.click(await screen.findByRole('option', { name: /Saturdays/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Book the trial' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({ klass_id: '70', attendee_profile_id: '21' });
    await waitFor(() => expect(screen.queryByTestId('try-class-dialog')).toBeNull());
  });
});

describe('a paid trial (docs/decisions/077-trial-classes.md)', () => {
  it('says the price, adds the trial to the cart (202) and offers the cart', async () => {
    const posted: FakeRequest[] = [];
    server = fakeApi({
      'GET /api/v2/trial_bookings/options': {
        data: {
          meta: { price: 2500, programme: 'Figure Drawing' },
          data: [
            {
              klass_id: '70',
              starts_at: '2099-01-05T15:00:00.000Z',
              ends_at: '2099-01-05T17:00:00.000Z',
              time_zone: 'America/New_York',
              schedule_name: 'Saturdays',
              seats_left: 3,
            },
          ],
        },
      },
      'GET /api/v1/users/1/attendee_profiles': {
        data: { data: [child('21', 'Leo')], meta: { total: 1, page: 1, per_page: 20 } },
      },
      'POST /api/v2/trial_bookings': (request) => {
        posted.push(request);
        return { status: 202, data: { data: null, meta: { cart_item_id: '9' } } };
      },
      'GET /api/v2/trial_bookings': { data: { data: [] } },
      'GET /api/v2/cart_items': { data: { data: [] } },
    });
    const { user } = renderWithProviders(
      <TryClass
        programme={{ id: '4', name: 'Figure Drawing', trial_price: 2500 }}
        money={money}
        zone="UTC"
      />,
      { store: signedIn() },
    );
    await user.click(
      screen.getByRole('button', { name: /try a class of figure drawing \(\$25\.00\)/i }),
    );
    const dialog = await screen.findByTestId('try-class-dialog');
    expect(dialog.textContent).toContain('This trial costs $25.00');
    await user.click(within(dialog).getByRole('combobox', { name: 'Child' }));
    await user.click(await screen.findByRole('option', { name: 'Leo' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Class' }));
    await user.click(await screen.findByRole('option', { name: /Saturdays/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({ klass_id: '70', attendee_profile_id: '21' });
    expect((await screen.findByTestId('trial-added')).textContent).toContain('in your cart');
    const go = screen.getByRole('link', { name: 'Go to cart' });
    expect(go.getAttribute('href')).toBe('/cart');
  });
});

describe('the family’s trial classes on /classes', () => {
  it('lists them with their state and cancels one not yet started', async () => {
    let cancelled = false;
    server = fakeApi({
      'GET /api/v2/trial_bookings': () => ({
        data: { data: [cancelled ? { ...trial, status: 'cancelled' } : trial] },
      }),
      'DELETE /api/v2/trial_bookings/5': () => {
        cancelled = true;
        return { data: { data: { ...trial, status: 'cancelled' } } };
      },
    });
    const { user } = renderWithProviders(<TrialBookings zone="UTC" />, { store: signedIn() });
    const row = await screen.findByTestId('trial-booking');
    expect(row.textContent).toContain('Leo: Observational Drawing');
    expect(row.textContent).toContain('Booked');
    expect(row.textContent).toContain('$25.00');
    await user.click(
      screen.getByRole('button', { name: 'Cancel the trial of Observational Drawing for Leo' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('trial-booking').textContent).toContain('Cancelled'),
    );
    expect(screen.queryByRole('button', { name: /cancel the trial/i })).toBeNull();
  });
});
