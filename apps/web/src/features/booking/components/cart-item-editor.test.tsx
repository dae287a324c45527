import { document, resource } from '@atelier/contract';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCartItem, buildUser, cartItemListDocument } from '../../../testing/builders';
import { makeStoreWithCart } from '../../../testing/cache-entries';
import { type FakeApi, type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { type makeStore, renderWithProviders } from '../../../testing/render-with-providers';
import { addGuestCartItem, clearGuestCart, readGuestCartItems } from '../../cart';
import { CartItemEditor } from './cart-item-editor';

let server: FakeApi | undefined;
afterEach(async () => {
  server?.restore();
  server = undefined;
  await clearGuestCart();
});

const ref = (type: string, id: string) => ({ type, id });

/** GET /api/v1/catalogue/klass_group_schedules/31: one plan, two add-ons. */
const scheduleDocument = document(
  resource(
    'klass_group_schedules',
    '31',
    {
      name: 'Saturday mornings',
      klass_group_id: '41',
      time_zone: 'America/New_York',
      start_date: '2030-01-05',
      end_date: '2030-02-23',
      slots: [],
      seats_left: 6,
    },
    {
      klass_group: ref('klass_groups', '41'),
      teacher: ref('users', '5'),
      klass_group_schedule_plans: [],
      klass_group_schedule_addons: [
        ref('klass_group_schedule_addons', '7'),
        ref('klass_group_schedule_addons', '8'),
      ],
      klasses: [],
    },
  ),
  {
    included: [
      resource(
        'klass_group_schedule_addons',
        '7',
        { klass_group_schedule_id: '31', name: 'Materials', price: 1500 },
        { klass_group_schedule: ref('klass_group_schedules', '31') },
      ),
      resource(
        'klass_group_schedule_addons',
        '8',
        { klass_group_schedule_id: '31', name: 'Lunch', price: 800 },
        { klass_group_schedule: ref('klass_group_schedules', '31') },
      ),
      resource('users', '5', { name: 'Tess Teacher', avatar_url: null }),
    ],
  },
);

function renderEditor(store: ReturnType<typeof makeStore>, id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/cart/:id" element={<CartItemEditor />} />
      <Route path="/cart" element={<p>cart page</p>} />
    </Routes>,
    { store, route: `/cart/${id}` },
  );
}

// Whole editing flows with many clicks: on a loaded two-core machine one takes several seconds.
describe('CartItemEditor (/cart/{id})', { timeout: 20_000 }, () => {
  it("changes a guest item's add-ons, attendee and coupon in the browser, then goes to the cart", async () => {
    const local = await addGuestCartItem({
      number_of_attendees: 1,
      klass_group_schedule_id: '31',
      plan_id: '9',
      coupon_code: null,
      attendees: [{ attendee_profile_id: null, name: 'Mia', birthday: '2019-03-04' }],
      cart_item_klass_group_schedule_addons: ['7'],
    });
    const item = buildCartItem({
      id: String(local.id),
      cart_item_attendee_profiles: [
        { id: 'a', attendee_profile: { id: '', name: 'Mia', birthday: '2019-03-04' } },
      ],
      cart_item_klass_group_schedule_addons: [{ klass_group_schedule_addon: { id: '7' } }],
    });
    server = fakeApi({
      'GET /api/v1/catalogue/klass_group_schedules/31': { data: scheduleDocument },
      'GET /api/v1/guests/cart_items': { data: cartItemListDocument([item]) },
    });
    const store = makeStoreWithCart({ session: { status: 'loaded', user: null } }, [item]);
    const { user } = renderEditor(store, String(local.id));
    const lunch = await screen.findByRole('checkbox', { name: /Lunch/ });
    expect(screen.getByRole('checkbox', { name: /Materials/ })).toBeChecked();
    await user.click(lunch);
    await user.click(screen.getByRole('checkbox', { name: /Materials/ }));
    const name = screen.getByRole('textbox', { name: 'Attendee 1: name' });
    await user.clear(name);
    await user.type(name, 'Mia Rose');
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), ' SPRING ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('cart page');
    const [saved] = await readGuestCartItems();
    expect(saved).toMatchObject({
      cart_item_klass_group_schedule_addons: ['8'],
      coupon_code: 'SPRING',
      number_of_attendees: 1,
      attendees: [{ attendee_profile_id: null, name: 'Mia Rose', birthday: '2019-03-04' }],
    });
  });

  it("sends a signed-in user's changes with PUT", async () => {
    const puts: FakeRequest[] = [];
    const item = buildCartItem({ id: '12' });
    server = fakeApi({
      'GET /api/v1/catalogue/klass_group_schedules/31': { data: scheduleDocument },
      'GET /api/v1/users/1/attendee_profiles': {
        data: {
          data: [
            resource(
              'attendee_profiles',
              '21',
              {
                name: 'Kid',
                birthday: '2020-04-01',
                is_account_holder: false,
                gallery_visibility: 'family',
                comments_need_approval: true,
                emergency_contacts: [],
                allergies: '',
                medical_notes: '',
                authorised_pickups: [],
              },
              { user: ref('users', '1') },
            ),
          ],
          meta: { total: 1, page: 1, per_page: 20 },
        },
      },
      'PUT /api/v2/cart_items/12': (request) => {
        puts.push(request);
        return { data: { data: null } };
      },
      'GET /api/v2/cart_items': { data: cartItemListDocument([item]) },
    });
    const store = makeStoreWithCart(
      { session: { status: 'loaded', user: buildUser({ id: '1' }) } },
      [item],
    );
    const { user } = renderEditor(store, '12');
    await user.click(await screen.findByRole('checkbox', { name: /Lunch/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.body).toEqual({
      cart_item: { attendee_profile_ids: ['21'], addon_ids: ['8'], coupon_code: null },
    });
  });

  it('says so when the item is not in the cart', () => {
    const store = makeStoreWithCart({ session: { status: 'loaded', user: null } }, []);
    renderEditor(store, '99');
    expect(screen.getByText('This item is not in your cart.')).toBeInTheDocument();
  });
});
