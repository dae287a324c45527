import { type CustomerDetail, resource } from '@atelier/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, validationReply } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CustomersPage } from './customers-page';

configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const pat = {
  id: '7',
  name: 'Pat Parent',
  email: 'pat@example.com',
  time_zone: null,
  created_at: '2026-10-01T00:00:00.000Z',
  lifetime_value: 6500,
  orders_count: 2,
};
const detail: CustomerDetail = {
  ...pat,
  family: [{ id: '1', name: 'Mia Parent', birthday: '2015-03-09' }],
  orders: [
    {
      id: '31',
      status: 'partially_refunded',
      currency: 'usd',
      total: 9000,
      created_at: '2026-11-02T15:00:00.000Z',
      paid_at: '2026-11-02T15:01:00.000Z',
      programmes: ['Comics Drawing'],
      walk_in: true,
    },
  ],
  enrollments: [
    {
      id: '4',
      status: 'active',
      attendee_name: 'Mia Parent',
      programme: 'Comics Drawing',
      schedule: 'Saturdays',
      created_at: '2026-11-02T15:01:00.000Z',
    },
    {
      id: '3',
      status: 'cancelled',
      attendee_name: 'Leo Parent',
      programme: 'Comics Drawing',
      schedule: 'Sundays',
      created_at: '2026-10-02T15:01:00.000Z',
    },
    {
      id: '2',
      status: 'moved',
      attendee_name: 'Mia Parent',
      programme: 'Comics Drawing',
      schedule: 'Sundays',
      created_at: '2026-09-02T15:01:00.000Z',
    },
  ],
};

/** A customer as the server answers it: a JSON:API resource. */
const asResource = ({ id, ...attributes }: { id: string; [attribute: string]: unknown }) =>
  resource('customers', id, attributes);

describe('/customers', { timeout: 30_000 }, () => {
  it('lists customers with lifetime value, searches, and shows one with family, orders and enrollments', async () => {
    server = fakeApi({
      'GET /api/v2/admin/customers': (request) => ({
        data: {
          data: request.params.search === 'nobody' ? [] : [asResource(pat)],
          meta: { total: request.params.search === 'nobody' ? 0 : 1, page: 1, per_page: 20 },
        },
      }),
      'GET /api/v2/admin/customers/7': { data: { data: asResource(detail) } },
    });
    const { user } = renderWithProviders(<CustomersPage />);
    const row = await screen.findByTestId('customer-row-7');
    expect(within(row).getByText('$65.00')).toBeInTheDocument();
    expect(within(row).getByText('pat@example.com')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Open Pat Parent' }));
    const dialog = await screen.findByTestId('customer-dialog');
    expect(
      await within(dialog).findByText('Lifetime value (paid minus refunded): $65.00'),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByText('Mia Parent').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Order 31: Comics Drawing — $90.00')).toBeInTheDocument();
    expect(within(dialog).getByText(/Partly refunded · Booked at the desk/)).toBeInTheDocument();
    expect(within(dialog).getByText('Mia Parent: Comics Drawing, Saturdays')).toBeInTheDocument();
    // Staff move an active place to another class (docs/product.md#transfers); an ended one has none.
    expect(
      within(dialog).getByRole('button', {
        name: 'Change class for Mia Parent: Comics Drawing (Saturdays)',
      }),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: /^Change class for Leo Parent/ }),
    ).not.toBeInTheDocument();
    // An ended place says how it ended: refunded (cancelled) or moved to another class.
    const places = within(dialog).getByRole('list', { name: 'Enrollments' });
    expect(within(places).getByText(/· Cancelled$/)).toBeInTheDocument();
    expect(within(places).getByText(/· Moved to another class$/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('customer-dialog')).toBeNull());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), {
      target: { value: 'nobody' },
    });
    expect(await screen.findByText('No customer matches this search.')).toBeInTheDocument();
  });

  it('opens the customer named by ?customer= (the search dialog links there), and Escape drops it', async () => {
    server = fakeApi({
      'GET /api/v2/admin/customers': {
        data: { data: [], meta: { total: 0, page: 1, per_page: 20 } },
      },
      'GET /api/v2/admin/customers/7': { data: { data: asResource(detail) } },
    });
    const { user } = renderWithProviders(<CustomersPage />, { route: '/customers?customer=7' });
    expect(await screen.findByRole('dialog', { name: 'Pat Parent' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('customer-dialog')).toBeNull());
  });

  it('saves the name and time zone, and shows a server message beside its field', async () => {
    const bodies: unknown[] = [];
    server = fakeApi({
      'GET /api/v2/admin/customers': {
        data: { data: [asResource(pat)], meta: { total: 1, page: 1, per_page: 20 } },
      },
      'GET /api/v2/admin/customers/7': { data: { data: asResource(detail) } },
      'PUT /api/v2/admin/customers/7': (request) => {
        bodies.push(request.body);
        return bodies.length === 1
          ? validationReply('time_zone', 'Unknown time zone')
          : {
              data: {
                data: asResource({ ...detail, name: 'Patricia Parent', time_zone: 'Asia/Tokyo' }),
              },
            };
      },
    });
    const { user } = renderWithProviders(<CustomersPage />);
    await user.click(await screen.findByRole('button', { name: 'Open Pat Parent' }));
    const dialog = await screen.findByTestId('customer-dialog');
    const name = await within(dialog).findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Patricia Parent');
    await user.type(within(dialog).getByRole('textbox', { name: /^Time zone/ }), 'Mars/Olympus');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Unknown time zone')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ customer: { name: 'Patricia Parent', time_zone: 'Mars/Olympus' } });
    const zone = within(dialog).getByRole('textbox', { name: /^Time zone/ });
    await user.clear(zone);
    await user.type(zone, 'Asia/Tokyo');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ customer: { name: 'Patricia Parent', time_zone: 'Asia/Tokyo' } });
  });
});
