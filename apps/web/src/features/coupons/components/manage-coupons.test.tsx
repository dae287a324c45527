import { type CouponAttributes, document, resource } from '@atelier/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { invalid } from '../../../testing/error-replies';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ManageCoupons } from './manage-coupons';

// Two cores shared by many test runs: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const attributes = (overrides: Partial<CouponAttributes> = {}): CouponAttributes => ({
  code: 'WELCOME10',
  discount_type: 'percent',
  discount_amount: 10,
  valid_from: null,
  valid_until: null,
  max_redemptions: null,
  max_redemptions_per_user: null,
  redeemed_count: 0,
  held_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const couponList = document(
  [
    resource('coupons', '1', { ...attributes() }, { user_group: null, klass_group: null }),
    resource(
      'coupons',
      '2',
      {
        ...attributes({
          code: 'SPRING',
          discount_type: 'fixed',
          discount_amount: 1500,
          // New York: the first day starts at 05:00Z in winter, the day after the last at 04:00Z.
          valid_from: '2030-03-01T05:00:00.000Z',
          valid_until: '2030-04-01T04:00:00.000Z',
          max_redemptions: 50,
          max_redemptions_per_user: 1,
          redeemed_count: 3,
          held_count: 1,
        }),
      },
      {
        user_group: { type: 'user_groups', id: '4' },
        klass_group: { type: 'klass_groups', id: '7' },
      },
    ),
  ],
  {
    included: [
      resource('user_groups', '4', { name: 'Scholarship families' }),
      resource('klass_groups', '7', { name: 'Comics Drawing' }),
    ],
    meta: { total: 2, page: 1, per_page: 20 },
  },
);

const options = {
  'GET /api/v2/user_groups': {
    data: document([resource('user_groups', '4', { name: 'Scholarship families' })], {
      meta: { total: 1, page: 1, per_page: 20 },
    }),
  },
  'GET /api/v1/catalogue/klass_groups': {
    data: document([resource('klass_groups', '7', { name: 'Comics Drawing' })], {
      meta: { total: 1, page: 1, per_page: 20 },
    }),
  },
};

function change(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('/manage_coupons', { timeout: 30_000 }, () => {
  it('lists coupons with their discount, window, limits, whom they are for and their uses', async () => {
    server = fakeApi({ 'GET /api/v2/coupons': { data: couponList } });
    renderWithProviders(<ManageCoupons />);
    const spring = await screen.findByTestId('coupon-row-2');
    for (const text of [
      '$15.00',
      'Mar 1, 2030 – Mar 31, 2030',
      '50 uses in all · 1 per person',
      'Scholarship families · Comics Drawing',
      '3 redeemed · 1 held',
    ]) {
      expect(within(spring).getByText(text)).toBeInTheDocument();
    }
    const welcome = screen.getByTestId('coupon-row-1');
    for (const text of ['10%', 'Always', 'No limit', 'Anyone', '0 redeemed · 0 held']) {
      expect(within(welcome).getByText(text)).toBeInTheDocument();
    }
  });

  it('creates a coupon for a group, sending whole days in the viewer zone, and shows a taken code beside its field', async () => {
    let attempts = 0;
    server = fakeApi({
      ...options,
      'GET /api/v2/coupons': { data: couponList },
      'POST /api/v2/coupons': () => {
        attempts += 1;
        return attempts === 1
          ? invalid({ code: 'A coupon with this code already exists' })
          : {
              status: 201,
              data: document(
                resource(
                  'coupons',
                  '3',
                  { ...attributes({ code: 'FAMILY15' }) },
                  {
                    user_group: { type: 'user_groups', id: '4' },
                    klass_group: null,
                  },
                ),
                { included: [resource('user_groups', '4', { name: 'Scholarship families' })] },
              ),
            };
      },
    });
    const { user } = renderWithProviders(<ManageCoupons />);
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = screen.getByTestId('coupon-dialog');
    change(/^Code/, 'FAMILY15');
    change(/^Percent off/, '15');
    change(/^First day/, '2030-03-01');
    change(/^Last day/, '2030-03-31');
    change(/^Uses per person/, '1');
    await user.click(screen.getByRole('combobox', { name: /^Only for the group/ }));
    await user.click(await screen.findByRole('option', { name: 'Scholarship families' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Code/)).toHaveAccessibleDescription(
        'A coupon with this code already exists',
      ),
    );
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      coupon: {
        code: 'FAMILY15',
        discount_type: 'percent',
        discount_amount: 15,
        valid_from: '2030-03-01T00:00:00-05:00',
        valid_until: '2030-04-01T00:00:00-04:00',
        max_redemptions: null,
        max_redemptions_per_user: 1,
        user_group_id: '4',
        klass_group_id: null,
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('coupon-dialog')).not.toBeInTheDocument());
    expect(attempts).toBe(2);
  });

  it('checks a percentage over 100 and a last day before the first day before sending', async () => {
    server = fakeApi({ ...options, 'GET /api/v2/coupons': { data: couponList } });
    const { user } = renderWithProviders(<ManageCoupons />);
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    change(/^Code/, 'TOOMUCH');
    change(/^Percent off/, '150');
    change(/^First day/, '2030-03-10');
    change(/^Last day/, '2030-03-01');
    await user.click(
      within(screen.getByTestId('coupon-dialog')).getByRole('button', { name: 'Save' }),
    );
    expect(screen.getByLabelText(/^Percent off/)).toHaveAccessibleDescription('Invalid input');
    expect(screen.getByLabelText(/^Last day/)).toHaveAccessibleDescription(
      'The last day cannot be before the first day',
    );
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('edits a fixed coupon in dollars and sends the whole coupon back in cents', async () => {
    server = fakeApi({
      ...options,
      'GET /api/v2/coupons': { data: couponList },
      'PUT /api/v2/coupons/2': {
        data: document(
          resource(
            'coupons',
            '2',
            { ...attributes({ code: 'SPRING' }) },
            {
              user_group: null,
              klass_group: null,
            },
          ),
        ),
      },
    });
    const { user } = renderWithProviders(<ManageCoupons />);
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING' }));
    expect(screen.getByLabelText(/^Amount off/)).toHaveValue('15');
    expect(screen.getByLabelText(/^Last day/)).toHaveValue('2030-03-31');
    change(/^Amount off/, '12.5');
    await user.click(
      within(screen.getByTestId('coupon-dialog')).getByRole('button', { name: 'Save' }),
    );
    await waitFor(() => expect(server?.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      coupon: {
        code: 'SPRING',
        discount_type: 'fixed',
        discount_amount: 1250,
        valid_from: '2030-03-01T00:00:00-05:00',
        valid_until: '2030-04-01T00:00:00-04:00',
        max_redemptions: 50,
        max_redemptions_per_user: 1,
        user_group_id: '4',
        klass_group_id: '7',
      },
    });
  });
});
