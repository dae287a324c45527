import type { WaitlistEntry } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { setScreenWidth } from '../../../testing/render-app';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { ScheduleWaitlist } from './join-waitlist';
import { MyWaitlist } from './my-waitlist';
import { ScheduleWaitlistAdmin } from './schedule-waitlist-admin';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

function entry(overrides: Partial<WaitlistEntry> = {}) {
  const { id = '7', type: _type, ...attributes } = { ...baseEntry, ...overrides };
  return { id, type: 'waitlist_entries', attributes };
}
const baseEntry: WaitlistEntry = {
  id: '7',
  type: 'waitlist_entries',
  status: 'waiting',
  seats: 2,
  place: 3,
  created_at: '2026-11-20T15:00:00.000Z',
  klass_group_schedule: { id: '40', name: 'Saturdays' },
  klass_group: { id: '4', name: 'Observational Drawing', slug: 'drawing' },
  offer: null,
  family: null,
};
const offered = {
  status: 'offered' as const,
  offer: { id: '90', seats: 2, expires_at: '2026-11-25T15:00:00.000Z' },
};

const signedIn = () => makeStore({ session: { status: 'loaded', user: buildUser() } });

describe('a sold-out schedule’s waitlist on /book_class (docs/product.md#waitlist)', () => {
  it('asks a guest to sign in, without calling the server', () => {
    server = fakeApi({});
    renderWithProviders(<ScheduleWaitlist scheduleId="40" scheduleName="Saturdays" />, {
      route: '/book_class?klass_group=drawing',
    });
    const link = screen.getByRole('link', { name: /sign in to join the waitlist/i });
    expect(link.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/book_class?klass_group=drawing')}`,
    );
    expect(server.requests).toEqual([]);
  });

  it('joins with the seats typed, then shows the family’s place', async () => {
    let joined = false;
    server = fakeApi({
      'GET /api/v2/waitlist': () => ({ data: { data: joined ? [entry()] : [] } }),
      'POST /api/v2/klass_group_schedules/40/waitlist': () => {
        joined = true;
        return { status: 201, data: { data: entry() } };
      },
    });
    const { user } = renderWithProviders(
      <ScheduleWaitlist scheduleId="40" scheduleName="Saturdays" />,
      { store: signedIn() },
    );
    const seats = await screen.findByRole('textbox', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '2');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByTestId('waitlist-place')).toHaveTextContent(
      'You are number 3 on the waitlist, for 2 seats.',
    );
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ seats: 2 });
  });

  it('refuses seats that are not a whole number from 1 to 10 without calling the server', async () => {
    server = fakeApi({ 'GET /api/v2/waitlist': { data: { data: [] } } });
    const { user } = renderWithProviders(
      <ScheduleWaitlist scheduleId="40" scheduleName="Saturdays" />,
      { store: signedIn() },
    );
    const seats = await screen.findByRole('textbox', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '11');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(seats).toHaveAttribute('aria-invalid', 'true'));
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows an open offer with its end, and declines it', async () => {
    server = fakeApi({
      'GET /api/v2/waitlist': { data: { data: [entry(offered)] } },
      'POST /api/v2/waitlist_offers/90/decline': { status: 204 },
    });
    const { user } = renderWithProviders(
      <ScheduleWaitlist scheduleId="40" scheduleName="Saturdays" />,
      { store: signedIn() },
    );
    expect(await screen.findByTestId('waitlist-offer')).toHaveTextContent(
      /2 seats are held for you until/,
    );
    await user.click(screen.getByRole('button', { name: 'Decline the offer for Saturdays' }));
    await waitFor(() =>
      expect(server?.requests.some((r) => r.url === '/api/v2/waitlist_offers/90/decline')).toBe(
        true,
      ),
    );
  });
});

describe('"Your waitlist" on /orders', () => {
  it('lists the family’s entries, an offer with a "Book now" link to its programme', async () => {
    server = fakeApi({
      'GET /api/v2/waitlist': {
        data: {
          data: [
            entry(offered),
            entry({
              id: '8',
              klass_group: { id: '5', name: 'Clay', slug: 'clay' },
              klass_group_schedule: { id: '41', name: 'Sundays' },
              place: 1,
              seats: 1,
            }),
          ],
        },
      },
    });
    renderWithProviders(<MyWaitlist />, { store: signedIn() });
    const rows = await screen.findAllByTestId('my-waitlist-entry');
    expect(rows).toHaveLength(2);
    const book = within(rows[0] as HTMLElement).getByRole('link', {
      name: 'Book now: Observational Drawing',
    });
    expect(book.getAttribute('href')).toBe('/book_class?klass_group=drawing');
    expect(rows[1]).toHaveTextContent('You are number 1 on the waitlist, for 1 seat.');
  });
});

describe('a schedule’s waitlist on its staff page', () => {
  const line = [
    entry({ id: '1', place: 1, family: { id: '11', name: 'Ana', email: 'ana@x.test' } }),
    entry({ id: '2', place: 2, family: { id: '12', name: 'Ben', email: 'ben@x.test' } }),
    entry({ id: '3', place: 3, family: { id: '13', name: 'Cy', email: 'cy@x.test' } }),
  ];

  it('moves a family down and up by sending the whole new order', async () => {
    server = fakeApi({
      'GET /api/v2/klass_group_schedules/40/waitlist': { data: { data: line } },
      'PUT /api/v2/klass_group_schedules/40/waitlist': { data: { data: line } },
    });
    const { user } = renderWithProviders(<ScheduleWaitlistAdmin scheduleId="40" />, {
      store: signedIn(),
    });
    await screen.findAllByTestId('schedule-waitlist-entry');
    expect(screen.getByRole('button', { name: 'Move Ana up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Cy down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Ana down' }));
    await waitFor(() => expect(server?.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Move Cy up' }));
    await waitFor(() => expect(server?.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    const puts = server.requests.filter((r) => r.method === 'PUT').map((r) => r.body);
    expect(puts).toEqual([{ entry_ids: ['2', '1', '3'] }, { entry_ids: ['1', '3', '2'] }]);
  });

  it('removes a family after asking', async () => {
    server = fakeApi({
      'GET /api/v2/klass_group_schedules/40/waitlist': { data: { data: line } },
      'DELETE /api/v2/waitlist_entries/2': { status: 204 },
    });
    const { user } = renderWithProviders(<ScheduleWaitlistAdmin scheduleId="40" />, {
      store: signedIn(),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Ben from the waitlist' }));
    const dialog = await screen.findByTestId('waitlist-remove-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server?.requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('shows each family as a card on a phone, with its seats and buttons', async () => {
    server = fakeApi({ 'GET /api/v2/klass_group_schedules/40/waitlist': { data: { data: line } } });
    setScreenWidth(390);
    try {
      renderWithProviders(<ScheduleWaitlistAdmin scheduleId="40" />, { store: signedIn() });
      const cards = await screen.findAllByTestId('schedule-waitlist-entry');
      expect(cards.map((card) => card.tagName)).toEqual(['LI', 'LI', 'LI']);
      const ben = within(cards[1] as HTMLElement);
      expect(ben.getByText('ben@x.test')).toBeInTheDocument();
      expect(ben.getByRole('button', { name: 'Move Ben up' })).toBeEnabled();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      setScreenWidth(1280);
    }
  });

  it('says when nobody waits', async () => {
    server = fakeApi({ 'GET /api/v2/klass_group_schedules/40/waitlist': { data: { data: [] } } });
    renderWithProviders(<ScheduleWaitlistAdmin scheduleId="40" />, { store: signedIn() });
    expect(await screen.findByText('Nobody is waiting for this schedule.')).toBeInTheDocument();
  });
});
