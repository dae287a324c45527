import { document, type PassPurchase, resource } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildCartItem,
  buildUser,
  cartItemDocument,
  cartItemListDocument,
} from '../../../testing/builders';
import { makeStoreWithCart } from '../../../testing/cache-entries';
import { type FakeApi, type FakeRequest, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { clearGuestCart, readGuestCartItems, selectCartItems } from '../../cart';
import { BookingPage } from './booking-page';

let server: FakeApi | undefined;
afterEach(async () => {
  server?.restore();
  server = undefined;
  await clearGuestCart();
});

const ref = (type: string, id: string) => ({ type, id });

/**
 * Two programmes: Drawing (ages 8–12) with a Saturday-morning schedule (New York), Clay (adults)
 * with a Tuesday-evening one that is sold out.
 */
function catalogue() {
  const schedule = (id: string, groupId: string, name: string, seats: number) =>
    resource(
      'klass_group_schedules',
      id,
      {
        name,
        klass_group_id: groupId,
        time_zone: 'America/New_York',
        start_date: '2030-01-05',
        end_date: '2030-02-23',
        slots: [],
        seats_left: seats,
      },
      {
        klass_group: ref('klass_groups', groupId),
        teacher: ref('users', '5'),
        klass_group_schedule_plans: [ref('klass_group_schedule_plans', `${id}-p`)],
        klass_group_schedule_addons: id === '31' ? [ref('klass_group_schedule_addons', '7')] : [],
        klasses: [ref('klasses', `${id}-k`)],
      },
    );
  const programme = (
    id: string,
    name: string,
    audience: string,
    min: number | null,
    max: number | null,
    scheduleId: string,
  ) =>
    resource(
      'klass_groups',
      id,
      {
        name,
        slug: name.toLowerCase(),
        description: `${name} for everyone`,
        audience,
        format: 'in_person',
        location: 'Studio A',
        min_age: min,
        max_age: max,
        trial_price: null,
        image_url: null,
        thumb_url: null,
      },
      { klass_group_schedules: [ref('klass_group_schedules', scheduleId)] },
    );
  const klass = (scheduleId: string, groupId: string, startsAt: string, endsAt: string) =>
    resource(
      'klasses',
      `${scheduleId}-k`,
      {
        klass_group_id: groupId,
        klass_group_schedule_id: scheduleId,
        starts_at: startsAt,
        ends_at: endsAt,
        status: 'scheduled',
      },
      { klass_group_schedule: ref('klass_group_schedules', scheduleId) },
    );
  const link = (scheduleId: string) =>
    resource(
      'klass_group_schedule_plans',
      `${scheduleId}-p`,
      { klass_group_schedule_id: scheduleId, plan_id: '9' },
      { klass_group_schedule: ref('klass_group_schedules', scheduleId), plan: ref('plans', '9') },
    );
  return document(
    [
      programme('41', 'Drawing', 'kids', 8, 12, '31'),
      programme('42', 'Clay', 'adults', 18, null, '32'),
    ],
    {
      meta: { total: 2, page: 1, per_page: 20 },
      included: [
        // Saturday 2030-01-05 10:00–12:00 in New York; Tuesday 2030-01-08 19:00–21:00.
        schedule('31', '41', 'Saturday mornings', 6),
        schedule('32', '42', 'Tuesday evenings', 0),
        klass('31', '41', '2030-01-05T15:00:00.000Z', '2030-01-05T17:00:00.000Z'),
        klass('32', '42', '2030-01-09T00:00:00.000Z', '2030-01-09T02:00:00.000Z'),
        link('31'),
        link('32'),
        resource('plans', '9', {
          name: 'Per class',
          base_price: 0,
          unit_price: 3500,
          unit_type: 'class',
        }),
        resource(
          'klass_group_schedule_addons',
          '7',
          { klass_group_schedule_id: '31', name: 'Materials', price: 1500 },
          { klass_group_schedule: ref('klass_group_schedules', '31') },
        ),
        resource('users', '5', { name: 'Tess Teacher', avatar_url: null }),
      ],
    },
  );
}

const priced = buildCartItem({ id: '1', total_price: 5000 });
const pricingRoute = {
  'GET /api/v1/guests/cart_items': { data: cartItemListDocument([priced]) },
  'GET /api/v1/catalogue/klass_groups': { data: catalogue() },
};

const programmeNames = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

// Whole booking flows with many clicks: on a loaded two-core machine one takes several seconds.
describe('BookingPage (docs/product.md#booking-and-the-cart)', { timeout: 20_000 }, () => {
  it('shows programmes with teacher, times in the viewer zone, seats and plans; filters them', async () => {
    server = fakeApi(pricingRoute);
    const { user } = renderWithProviders(<BookingPage />, {
      preloadedState: { session: { status: 'loaded', user: null } },
    });
    await waitFor(() => expect(programmeNames()).toEqual(['Drawing', 'Clay']));
    const saturday = screen.getAllByTestId('booking-schedule')[0] as HTMLElement;
    expect(saturday).toHaveTextContent('Teacher: Tess Teacher');
    expect(saturday).toHaveTextContent('6 seats left');
    expect(saturday).toHaveTextContent('10:00');
    expect(saturday).toHaveTextContent('Per class: $35.00 per class (joining late');
    expect(screen.getByRole('button', { name: 'Book Tuesday evenings of Clay' })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: "Attendee's age" }), '10');
    expect(programmeNames()).toEqual(['Drawing']);
    await user.clear(screen.getByRole('textbox', { name: "Attendee's age" }));

    await user.click(screen.getByRole('combobox', { name: 'Time of day' }));
    await user.click(screen.getByRole('option', { name: 'Evening' }));
    expect(programmeNames()).toEqual(['Clay']);

    await user.click(screen.getByRole('combobox', { name: 'Weekday' }));
    await user.click(screen.getByRole('option', { name: 'Saturday' }));
    expect(screen.getByText('No class matches these filters.')).toBeInTheDocument();
  });

  it('says a coupon does not apply only from the answer that priced it with the code', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let askedWithCode = false;
    server = fakeApi({
      ...pricingRoute,
      // The code's price is slow to come; until it does, the form still shows the last price.
      'GET /api/v1/guests/cart_items': async (request) => {
        if (JSON.stringify(request.params).includes('spring')) {
          askedWithCode = true;
          await held;
        }
        return { data: cartItemListDocument([priced]) };
      },
    });
    const store = makeStoreWithCart({ session: { status: 'loaded', user: null } }, []);
    const { user } = renderWithProviders(<BookingPage />, { store });
    await user.click(
      await screen.findByRole('button', { name: 'Book Saturday mornings of Drawing' }),
    );
    const form = screen.getByRole('form', { name: 'Book Saturday mornings' });
    await user.type(within(form).getByRole('textbox', { name: 'Attendee 1: name' }), 'Mia');
    await waitFor(() =>
      expect(within(form).getByTestId('booking-price')).toHaveTextContent('$50.00'),
    );
    await user.type(within(form).getByLabelText('Coupon code'), 'spring');
    await waitFor(() => expect(askedWithCode).toBe(true));
    expect(within(form).queryByText(/does not apply/)).toBeNull();
    release();
    expect(
      await within(form).findByText('The coupon spring does not apply to this class.'),
    ).toBeVisible();
  });

  it('on a sold-out schedule, asks a guest to sign in to join the waitlist', async () => {
    server = fakeApi(pricingRoute);
    renderWithProviders(<BookingPage />, {
      preloadedState: { session: { status: 'loaded', user: null } },
    });
    await waitFor(() => expect(programmeNames()).toEqual(['Drawing', 'Clay']));
    const [saturday, tuesday] = screen.getAllByTestId('booking-schedule') as HTMLElement[];
    expect(within(tuesday as HTMLElement).getByTestId('waitlist-sign-in')).toHaveTextContent(
      'Sign in to join the waitlist',
    );
    expect(within(saturday as HTMLElement).queryByTestId('waitlist-sign-in')).toBeNull();
  });

  it('lets the family a waitlist offer is for book the sold-out schedule (docs/product.md#waitlist)', async () => {
    server = fakeApi({
      ...pricingRoute,
      'GET /api/v2/cart_items': { data: cartItemListDocument([]) },
      'GET /api/v2/waitlist': {
        data: {
          data: [
            {
              id: '70',
              type: 'waitlist_entries',
              attributes: {
                status: 'offered',
                seats: 1,
                place: 1,
                created_at: '2026-11-20T15:00:00.000Z',
                klass_group_schedule: { id: '32', name: 'Tuesday evenings' },
                klass_group: { id: '42', name: 'Clay', slug: 'clay' },
                offer: { id: '90', seats: 1, expires_at: '2026-11-25T15:00:00.000Z' },
                family: null,
              },
            },
          ],
        },
      },
    });
    const store = makeStoreWithCart(
      { session: { status: 'loaded', user: buildUser({ id: '1' }) } },
      [],
    );
    renderWithProviders(<BookingPage />, { store });
    expect(await screen.findByTestId('waitlist-offer')).toHaveTextContent(
      'A seat is held for you until',
    );
    expect(screen.getByRole('button', { name: 'Book Tuesday evenings of Clay' })).toBeEnabled();
  });

  it('offers a family its active pass on the cards of the programmes the pass books (docs/product.md#class-passes-and-drop-ins)', async () => {
    const purchase = (id: string, programmeId: string, state: PassPurchase['state']) => ({
      id,
      pass_id: '3',
      order_id: '70',
      name: `Pass ${id}`,
      visits: 5,
      visits_left: state === 'active' ? 3 : 0,
      klass_group_ids: [programmeId],
      expires_at: '2030-01-01T00:00:00.000Z',
      created_at: '2026-11-01T00:00:00.000Z',
      state,
      drop_ins: [],
    });
    server = fakeApi({
      ...pricingRoute,
      'GET /api/v2/cart_items': { data: cartItemListDocument([]) },
      'GET /api/v2/account/pass_purchases': {
        data: {
          data: [
            purchase('5', '41', 'active'),
            purchase('6', '41', 'used_up'),
            purchase('7', '99', 'active'),
          ],
        },
      },
      'GET /api/v2/drop_ins/options': { data: { data: [] } },
    });
    const store = makeStoreWithCart(
      { session: { status: 'loaded', user: buildUser({ id: '1' }) } },
      [],
    );
    const { user } = renderWithProviders(<BookingPage />, { store });
    const drawing = within(
      (await screen.findByRole('heading', { name: 'Drawing' })).closest('li') as HTMLElement,
    );
    const use = await drawing.findByRole('button', {
      name: 'Book a visit with your Pass 5 (3 visits left)',
    });
    expect(drawing.queryByRole('button', { name: /Pass 6|Pass 7/ })).toBeNull();
    const clay = within(screen.getByRole('heading', { name: 'Clay' }).closest('li') as HTMLElement);
    expect(clay.queryByRole('button', { name: /^Book a visit with your/ })).toBeNull();
    await user.click(use);
    const dialog = await screen.findByRole('dialog', { name: 'Book a visit with Pass 5' });
    await waitFor(() =>
      expect(server?.requests.find((r) => r.url === '/api/v2/drop_ins/options')?.params).toEqual({
        pass_purchase_id: '5',
        klass_group_id: '41',
      }),
    );
    expect(within(dialog).getByRole('button', { name: 'Book the visit' })).toBeDisabled();
  });

  it('offers a guest no pass', async () => {
    server = fakeApi(pricingRoute);
    renderWithProviders(<BookingPage />);
    await screen.findByRole('heading', { name: 'Drawing' });
    expect(screen.queryByRole('button', { name: /^Book a visit with your/ })).toBeNull();
    expect(server.requests.map((r) => r.url)).not.toContain('/api/v2/account/pass_purchases');
  });

  it('shows only the programme of a deep link, with a way back to all classes', async () => {
    const list = catalogue();
    const [drawing] = list.data as NonNullable<typeof list.data>[];
    server = fakeApi({
      ...pricingRoute,
      'GET /api/v1/catalogue/klass_groups/drawing': {
        data: { data: drawing, included: list.included },
      },
    });
    renderWithProviders(<BookingPage />, {
      route: '/book_class?klass_group=drawing',
      preloadedState: { session: { status: 'loaded', user: null } },
    });
    await waitFor(() => expect(programmeNames()).toEqual(['Drawing']));
    expect(screen.getByRole('link', { name: 'See all classes' })).toHaveAttribute(
      'href',
      '/book_class',
    );
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('lets a guest add a class with typed attendees to the local cart and shows the count', async () => {
    server = fakeApi(pricingRoute);
    const store = makeStoreWithCart({ session: { status: 'loaded', user: null } }, []);
    const { user } = renderWithProviders(<BookingPage />, { store });
    await user.click(
      await screen.findByRole('button', { name: 'Book Saturday mornings of Drawing' }),
    );
    const form = screen.getByRole('form', { name: 'Book Saturday mornings' });
    await user.type(within(form).getByRole('textbox', { name: 'Attendee 1: name' }), 'Mia');
    await user.click(within(form).getByRole('checkbox', { name: /Materials/ }));
    await waitFor(() =>
      expect(within(form).getByTestId('booking-price')).toHaveTextContent('$50.00'),
    );

    const birthday = within(form).getByLabelText(/Attendee 1: birthday/);
    await user.type(birthday, '2099-01-01');
    await user.click(within(form).getByRole('button', { name: 'Add to cart' }));
    expect(within(form).getByTestId('booking-errors')).toHaveTextContent('Use a real birthday');

    // Born too late for ages 8–12 on 2030-01-05.
    await user.clear(birthday);
    await user.type(birthday, '2025-01-01');
    await user.click(within(form).getByRole('button', { name: 'Add to cart' }));
    expect(within(form).getByTestId('booking-errors')).toHaveTextContent('Outside the ages');
    expect(await readGuestCartItems()).toEqual([]);

    await user.clear(birthday);
    await user.type(birthday, '2019-03-04');
    await user.click(within(form).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.getByTestId('booking-cart-count')).toBeInTheDocument());
    expect(screen.getByTestId('booking-cart-count')).toHaveTextContent('Your cart holds 1 class.');
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart');
    const [local] = await readGuestCartItems();
    expect(local).toMatchObject({
      klass_group_schedule_id: '31',
      plan_id: '9',
      number_of_attendees: 1,
      attendees: [{ attendee_profile_id: null, name: 'Mia', birthday: '2019-03-04' }],
      cart_item_klass_group_schedule_addons: ['7'],
    });
  });

  it('adds a signed-in student’s family member through the server and puts the answered item in the cart', async () => {
    const posted: FakeRequest[] = [];
    let added = false;
    server = fakeApi({
      ...pricingRoute,
      'GET /api/v1/users/1/attendee_profiles': {
        data: {
          data: [
            resource(
              'attendee_profiles',
              '21',
              {
                name: 'Leo',
                birthday: '2019-05-05',
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
            resource(
              'attendee_profiles',
              '22',
              {
                name: 'Gran',
                birthday: '1950-05-05',
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
          meta: { total: 2, page: 1, per_page: 20 },
        },
      },
      'POST /api/v2/cart_items': (request) => {
        posted.push(request);
        added = true;
        return { status: 201, data: cartItemDocument(priced) };
      },
      'GET /api/v2/cart_items': () => ({
        data: cartItemListDocument(added ? [priced] : []),
      }),
    });
    const store = makeStoreWithCart(
      { session: { status: 'loaded', user: buildUser({ id: '1' }) } },
      [],
    );
    const { user } = renderWithProviders(<BookingPage />, { store });
    await user.click(
      await screen.findByRole('button', { name: 'Book Saturday mornings of Drawing' }),
    );
    const form = screen.getByRole('form', { name: 'Book Saturday mornings' });
    expect(
      await within(form).findByRole('checkbox', { name: 'Gran (outside the ages of this class)' }),
    ).toBeDisabled();
    await user.click(within(form).getByRole('checkbox', { name: 'Leo' }));
    await user.click(within(form).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(selectCartItems(store.getState())).toHaveLength(1));
    expect(posted[0]?.body).toEqual({
      cart_item: {
        klass_group_schedule_id: '31',
        plan_id: '9',
        number_of_attendees: 1,
        attendee_profile_ids: ['21'],
        addon_ids: [],
        coupon_code: null,
      },
    });
  });
});
