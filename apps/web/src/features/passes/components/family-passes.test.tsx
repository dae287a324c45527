import type { PassPurchase } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/builders';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { FamilyPasses } from './family-passes';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const soon = new Date(Date.now() + 86_400_000).toISOString();
const purchase = (visitsLeft: number, dropIns: PassPurchase['drop_ins'] = []): PassPurchase => ({
  id: '5',
  pass_id: '3',
  order_id: '70',
  name: 'Ten visits',
  visits: 10,
  visits_left: visitsLeft,
  klass_group_ids: ['4'],
  expires_at: '2030-01-01T00:00:00.000Z',
  created_at: '2026-11-01T00:00:00.000Z',
  state: 'active',
  drop_ins: dropIns,
});
const dropIn = {
  id: '9',
  pass_purchase_id: '5',
  klass_id: '31',
  attendee_profile_id: '12',
  child_name: 'Mia Kato',
  starts_at: soon,
  programme: 'Open Studio',
  schedule_name: 'Fridays',
  time_zone: 'America/New_York',
  created_at: '2026-11-02T00:00:00.000Z',
  cancelled_at: null,
};

const signedIn = () => makeStore({ session: { status: 'loaded', user: buildUser() } });

describe('the family’s class passes on /orders (docs/product.md#class-passes-and-drop-ins)', () => {
  it('shows the visits left and cancels an upcoming visit, which comes back', async () => {
    let cancelled = false;
    server = fakeApi({
      'GET /api/v2/account/pass_purchases': () => ({
        data: { data: [cancelled ? purchase(10) : purchase(9, [dropIn])] },
      }),
      'GET /api/v2/passes': () => ({
        data: { data: [], meta: { page: 1, total: 0, per_page: 25 } },
      }),
      'DELETE /api/v2/drop_ins/9': () => {
        cancelled = true;
        return { data: { data: { ...dropIn, cancelled_at: new Date().toISOString() } } };
      },
    });
    renderWithProviders(<FamilyPasses />, { store: signedIn(), route: '/orders' });
    const row = await screen.findByTestId('pass-purchase');
    expect(within(row).getByTestId('pass-visits-left')).toHaveTextContent('9 of 10 visits left');
    expect(within(row).getByTestId('drop-in')).toHaveTextContent('Mia Kato: Open Studio');
    await userEvent.click(within(row).getByRole('button', { name: /^Cancel the visit/ }));
    await waitFor(() =>
      expect(screen.getByTestId('pass-visits-left')).toHaveTextContent('10 of 10 visits left'),
    );
  });
});
