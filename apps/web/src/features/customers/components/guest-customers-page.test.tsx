import { document, type GuestCustomerDetail, resource } from '@atelier/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeApi,
  type FakeHandler,
  type FakeRoutes,
  fakeApi,
  validationReply,
} from '../../../testing/fake-api';
import { buildOrder } from '../../../testing/order-builders';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { GuestCustomersPage } from './guest-customers-page';

configure({ asyncUtilTimeout: 5000 });

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

const ref = (type: string, id: string) => ({ type, id });

/** The walk-in price call's answer. */
const walkInPrice = (attributes: {
  subtotal: number;
  discount: number;
  total: number;
  coupon_code: string | null;
}) => ({ data: { type: 'walk_in_prices', id: '3', attributes } });

const hana: GuestCustomerDetail = {
  id: '3',
  name: 'Hana Mori',
  email: 'hana@example.com',
  phone: '555-0142',
  notes: '',
  user_id: null,
  created_at: '2026-11-01T00:00:00.000Z',
  lifetime_value: 0,
  attendees: [{ id: '8', name: 'Ren Mori', birthday: '2016-04-09', has_emergency_contact: true }],
  orders: [],
  agreements_on_record: [],
};
/** A walk-in as the server answers it: a JSON:API resource. */
const asResource = ({ id, ...attributes }: { id: string; [attribute: string]: unknown }) =>
  resource('guest_customers', id, attributes);

const {
  attendees: _attendees,
  orders: _orders,
  agreements_on_record: _onRecord,
  ...hanaInList
} = hana;
const list = {
  data: [asResource(hanaInList)],
  meta: { total: 1, page: 1, per_page: 20 },
};

/** One programme with one schedule (5 seats left), one plan and one add-on. */
const catalogue = document(
  [
    resource(
      'klass_groups',
      '41',
      {
        name: 'Drawing',
        slug: 'drawing',
        description: 'Drawing',
        audience: 'kids',
        format: 'in_person',
        location: 'Studio A',
        min_age: null,
        max_age: null,
        trial_price: null,
        image_url: null,
        thumb_url: null,
      },
      { klass_group_schedules: [ref('klass_group_schedules', '31')] },
    ),
  ],
  {
    meta: { total: 1, page: 1, per_page: 20 },
    included: [
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
          seats_left: 5,
        },
        {
          klass_group: ref('klass_groups', '41'),
          teacher: ref('users', '5'),
          klass_group_schedule_plans: [ref('klass_group_schedule_plans', '31-p')],
          klass_group_schedule_addons: [ref('klass_group_schedule_addons', '7')],
          klasses: [],
        },
      ),
      resource(
        'klass_group_schedule_plans',
        '31-p',
        { klass_group_schedule_id: '31', plan_id: '9' },
        { klass_group_schedule: ref('klass_group_schedules', '31'), plan: ref('plans', '9') },
      ),
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

const orderResource = (status: 'paid' | 'pending') => {
  const order = buildOrder({
    id: '55',
    status,
    total: 5000,
    payment:
      status === 'pending'
        ? { provider: 'fake', client_secret: 'pi_55_secret_x', publishable_key: null }
        : null,
  });
  const { id, type: _type, ...attributes } = order;
  return { id, type: 'orders', attributes };
};

/** An agreement as the admins' list answers it: a required per-child waiver unless told. */
const agreement = (id: string, title: string, extra: object) => ({
  id,
  title,
  kind: 'waiver',
  required_before_booking: true,
  per_child: true,
  current_version: { id: '4', version: 2, body: 'Text', published_at: '2026-10-01T00:00:00.000Z' },
  retired_at: null,
  created_at: '2026-10-01T00:00:00.000Z',
  ...extra,
});

/**
 * Renders the page, opens Hana's booking dialog and chooses Drawing's Saturday class, per class,
 * for Ren: the dialog, and the user driving it.
 */
async function bookingForRen() {
  const rendered = renderWithProviders(<GuestCustomersPage />);
  const { user } = rendered;
  await user.click(await screen.findByRole('button', { name: 'Book a class for Hana Mori' }));
  const dialog = screen.getByTestId('walk-in-booking');
  await user.click(within(dialog).getByRole('combobox', { name: /^Programme/ }));
  await user.click(await screen.findByRole('option', { name: 'Drawing' }));
  await user.click(within(dialog).getByRole('combobox', { name: /^Schedule/ }));
  await user.click(await screen.findByRole('option', { name: /^Saturday mornings/ }));
  await user.click(within(dialog).getByRole('combobox', { name: /^Plan/ }));
  await user.click(await screen.findByRole('option', { name: 'Per class' }));
  await user.click(await within(dialog).findByRole('checkbox', { name: 'Ren Mori' }));
  return { ...rendered, dialog };
}

/**
 * The desk's answers for booking Ren at $35.00 with `agreements` in the school's list, the walk-in
 * answering `detail`; `onOrder` answers each booking sent.
 */
function paperAgreementRoutes(
  detail: GuestCustomerDetail,
  agreements: ReturnType<typeof agreement>[],
  onOrder: FakeHandler,
): FakeRoutes {
  return {
    'GET /api/v2/admin/guest_customers/3/price': {
      data: walkInPrice({ subtotal: 3500, discount: 0, total: 3500, coupon_code: null }),
    },
    'GET /api/v2/admin/guest_customers': { data: list },
    'GET /api/v2/admin/guest_customers/3': { data: { data: asResource(detail) } },
    'GET /api/v1/catalogue/klass_groups': { data: catalogue },
    'GET /api/v2/admin/agreements': { data: { data: agreements } },
    'POST /api/v2/admin/guest_customers/3/orders': onOrder,
  };
}

describe('/customers/guest', { timeout: 30_000 }, () => {
  it('adds a walk-in customer, sending an empty e-mail as none', async () => {
    const bodies: unknown[] = [];
    server = fakeApi({
      'GET /api/v2/admin/guest_customers': { data: list },
      'POST /api/v2/admin/guest_customers': (request) => {
        bodies.push(request.body);
        return {
          status: 201,
          data: { data: asResource({ ...hana, id: '4', name: 'Walter Price' }) },
        };
      },
    });
    const { user } = renderWithProviders(<GuestCustomersPage />);
    const row = await screen.findByTestId('guest-row-3');
    expect(within(row).getByText('555-0142')).toBeInTheDocument();
    expect(within(row).getByText('No account')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New walk-in customer' }));
    const dialog = screen.getByTestId('guest-customer-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Walter Price');
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '555-0178');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      guest_customer: { name: 'Walter Price', email: null, phone: '555-0178', notes: '' },
    });
  });

  it('books a class paid in cash for an existing and a new attendee, showing what to take', async () => {
    const bodies: unknown[] = [];
    const priceAsked: unknown[] = [];
    server = fakeApi({
      'GET /api/v2/admin/guest_customers/3/price': (request) => {
        priceAsked.push(request.params);
        return {
          data: walkInPrice({ subtotal: 5000, discount: 0, total: 5000, coupon_code: null }),
        };
      },
      'GET /api/v2/admin/guest_customers': { data: list },
      'GET /api/v2/admin/guest_customers/3': { data: { data: asResource(hana) } },
      'GET /api/v1/catalogue/klass_groups': { data: catalogue },
      'POST /api/v2/admin/guest_customers/3/orders': (request) => {
        bodies.push(request.body);
        return {
          status: 201,
          data: { data: orderResource('paid'), meta: { payment_method: 'cash' } },
        };
      },
    });
    const { user, store } = renderWithProviders(<GuestCustomersPage />);
    await user.click(await screen.findByRole('button', { name: 'Book a class for Hana Mori' }));
    const dialog = screen.getByTestId('walk-in-booking');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect((await within(dialog).findAllByText('Required')).length).toBeGreaterThan(0);
    expect(bodies).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: /^Programme/ }));
    await user.click(await screen.findByRole('option', { name: 'Drawing' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Schedule/ }));
    await user.click(
      await screen.findByRole('option', { name: 'Saturday mornings (5 seats left)' }),
    );
    await user.click(within(dialog).getByRole('combobox', { name: /^Plan/ }));
    await user.click(await screen.findByRole('option', { name: 'Per class' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Materials ($15.00)' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Ren Mori' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'New attendee’s name' }),
      'Aki Mori',
    );
    fireEvent.change(within(dialog).getByLabelText('Birthday'), {
      target: { value: '2018-02-03' },
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    // Priced by the server for what the dialog holds, before Book.
    expect(await within(dialog).findByText('To take: $50.00')).toBeInTheDocument();
    // Priced as the walk-in, not as the staff member signed in.
    expect(priceAsked.at(-1)).toEqual(
      expect.objectContaining({ plan_id: '9', number_of_attendees: 2, addon_ids: '7' }),
    );
    // Ren's card names someone to call; the new attendee needs someone before Book sends.
    const contacts = within(dialog).getAllByTestId('walk-in-contact');
    expect(contacts).toHaveLength(1);
    const aki = within(dialog).getByRole('group', { name: 'Someone to call for Aki Mori' });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(
      await within(aki).findByText('Add an emergency contact for Aki Mori before booking'),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    fireEvent.change(within(aki).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Yui Mori' },
    });
    fireEvent.change(within(aki).getByRole('textbox', { name: 'Relation' }), {
      target: { value: 'mother' },
    });
    fireEvent.change(within(aki).getByRole('textbox', { name: 'Phone' }), {
      target: { value: '+1 212 555 0100' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    await waitFor(() =>
      expect(store.getState().snackbar).toMatchObject({
        content: 'The class is booked for Hana Mori. Take $50.00 (Cash).',
      }),
    );
    expect(bodies[0]).toEqual({
      order: {
        klass_group_schedule_id: '31',
        plan_id: '9',
        addon_ids: ['7'],
        attendees: [
          { id: '8' },
          {
            name: 'Aki Mori',
            birthday: '2018-02-03',
            emergency_contact: { name: 'Yui Mori', relation: 'mother', phone: '+1 212 555 0100' },
          },
        ],
        payment_method: 'cash',
      },
    });
    await waitFor(() => expect(screen.queryByTestId('walk-in-booking')).toBeNull());
  });

  it('asks for the agreements required before booking as signed on paper, and books with them ticked', async () => {
    const bodies: unknown[] = [];
    server = fakeApi(
      paperAgreementRoutes(
        hana,
        [
          agreement('21', 'Studio waiver', {}),
          agreement('22', 'House rules', { kind: 'policy', per_child: false }),
          agreement('23', 'Photo release', { required_before_booking: false }),
          agreement('24', 'Old waiver', { retired_at: '2026-10-02T00:00:00.000Z' }),
          agreement('25', 'Draft waiver', { current_version: null }),
        ],
        (request) => {
          bodies.push(request.body);
          if (bodies.length === 1) {
            return validationReply(
              'paper_agreements.21',
              '"Studio waiver" must be signed on paper for Ren Mori before booking',
            );
          }
          return {
            status: 201,
            data: { data: orderResource('paid'), meta: { payment_method: 'cash' } },
          };
        },
      ),
    );
    const { user, dialog } = await bookingForRen();

    // Only the agreements in use, published and required before booking are asked for.
    const paper = await within(dialog).findByRole('group', { name: 'Agreements signed on paper' });
    expect(within(paper).getAllByRole('checkbox')).toHaveLength(2);
    expect(
      within(paper).getByRole('checkbox', { name: 'Studio waiver (for each child booked)' }),
    ).not.toBeChecked();
    expect(within(paper).getByRole('checkbox', { name: 'House rules (once)' })).not.toBeChecked();
    expect(within(paper).getByRole('textbox', { name: 'Signed by' })).toHaveValue('Hana Mori');

    // Booked without a tick: the server's refusal marks the agreement still needed.
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(
      await within(paper).findByText('Needed before booking: tick it once signed on paper'),
    ).toBeInTheDocument();
    expect(bodies[0]).not.toHaveProperty('order.paper_agreements');

    // Ticked, with the name of the adult who signed: recorded with the booking.
    await user.click(
      within(paper).getByRole('checkbox', { name: 'Studio waiver (for each child booked)' }),
    );
    expect(
      within(paper).queryByText('Needed before booking: tick it once signed on paper'),
    ).toBeNull();
    const signer = within(paper).getByRole('textbox', { name: /^Signed by/ });
    await user.clear(signer);
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(paper).findByText('Required')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    await user.type(signer, 'Yui Mori');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({
      order: { paper_agreements: { signed_by: 'Yui Mori', agreement_ids: ['21'] } },
    });
    await waitFor(() => expect(screen.queryByTestId('walk-in-booking')).toBeNull());
  });

  it('lists in the edit dialog which required agreements are on record, per child', async () => {
    const twoChildren: GuestCustomerDetail = {
      ...hana,
      attendees: [
        ...hana.attendees,
        { id: '9', name: 'Aki Mori', birthday: '2018-02-01', has_emergency_contact: false },
      ],
      agreements_on_record: [{ agreement_id: '21', attendee_profile_id: '8' }],
    };
    server = fakeApi(
      paperAgreementRoutes(
        twoChildren,
        [
          agreement('21', 'Studio waiver', {}),
          agreement('22', 'House rules', { kind: 'policy', per_child: false }),
          agreement('23', 'Photo release', { required_before_booking: false }),
        ],
        () => ({ status: 500, data: {} }),
      ),
    );
    const { user } = renderWithProviders(<GuestCustomersPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Hana Mori' }));
    const dialog = screen.getByTestId('guest-customer-dialog');
    const record = await within(dialog).findByTestId('walk-in-agreements-on-record');
    expect(within(record).getByText('Agreements required before booking')).toBeInTheDocument();
    expect(
      within(record)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Studio waiver for Ren Mori: signed on paper',
      'Studio waiver for Aki Mori: not signed yet',
      'House rules: not signed yet',
    ]);
  });

  it('shows what the walk-in signed on paper before as on record, and asks again for a new child', async () => {
    const bodies: unknown[] = [];
    const onRecord: GuestCustomerDetail = {
      ...hana,
      agreements_on_record: [
        { agreement_id: '21', attendee_profile_id: '8' },
        { agreement_id: '22', attendee_profile_id: null },
      ],
    };
    server = fakeApi(
      paperAgreementRoutes(
        onRecord,
        [
          agreement('21', 'Studio waiver', {}),
          agreement('22', 'House rules', { kind: 'policy', per_child: false }),
        ],
        (request) => {
          bodies.push(request.body);
          return {
            status: 201,
            data: { data: orderResource('paid'), meta: { payment_method: 'cash' } },
          };
        },
      ),
    );
    const { user, dialog } = await bookingForRen();
    const paper = within(dialog).getByRole('group', { name: 'Agreements signed on paper' });
    const waiver = await within(paper).findByRole('checkbox', {
      name: 'Studio waiver: signed on paper before',
    });
    expect(waiver).toBeChecked();
    expect(waiver).toBeDisabled();
    expect(
      within(paper).getByRole('checkbox', { name: 'House rules: signed on paper before' }),
    ).toBeDisabled();

    // A new child has signed nothing: the waiver is asked for again, the policy is not.
    await user.type(
      within(dialog).getByRole('textbox', { name: 'New attendee’s name' }),
      'Aki Mori',
    );
    expect(
      within(paper).getByRole('checkbox', { name: 'Studio waiver (for each child booked)' }),
    ).not.toBeChecked();
    await user.clear(within(dialog).getByRole('textbox', { name: 'New attendee’s name' }));

    // Booked for Ren alone: nothing to record on paper.
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('order.paper_agreements');
  });

  it('prices a coupon for the walk-in before Book, shows a refused code at the field, and books with it', async () => {
    const bodies: unknown[] = [];
    server = fakeApi({
      'GET /api/v2/admin/guest_customers/3/price': (request) => {
        const code = (request.params as { coupon_code?: string }).coupon_code;
        if (code === 'OLD') {
          return validationReply('coupon_code', 'This coupon has expired');
        }
        return {
          data: walkInPrice(
            code === 'DESK5'
              ? { subtotal: 2000, discount: 500, total: 1500, coupon_code: 'DESK5' }
              : { subtotal: 2000, discount: 0, total: 2000, coupon_code: null },
          ),
        };
      },
      'GET /api/v2/admin/guest_customers': { data: list },
      'GET /api/v2/admin/guest_customers/3': { data: { data: asResource(hana) } },
      'GET /api/v1/catalogue/klass_groups': { data: catalogue },
      'POST /api/v2/admin/guest_customers/3/orders': (request) => {
        bodies.push(request.body);
        return {
          status: 201,
          data: { data: orderResource('paid'), meta: { payment_method: 'cash' } },
        };
      },
    });
    const { user, dialog } = await bookingForRen();
    expect(await within(dialog).findByText('To take: $20.00')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Coupon code' });
    await user.type(field, 'OLD');
    expect(await within(dialog).findByText('This coupon has expired')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, 'DESK5');
    expect(await within(dialog).findByText('To take: $15.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Coupon DESK5: $5.00 off')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      order: expect.objectContaining({ attendees: [{ id: '8' }], coupon_code: 'DESK5' }),
    });
  });

  it('shows the card form for a walk-in paying by card, and a full class’s message', async () => {
    let calls = 0;
    server = fakeApi({
      'GET /api/v2/admin/guest_customers': { data: list },
      'GET /api/v2/admin/guest_customers/3': { data: { data: asResource(hana) } },
      'GET /api/v1/catalogue/klass_groups': { data: catalogue },
      'POST /api/v2/admin/guest_customers/3/orders': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 409,
              data: {
                errors: [
                  {
                    status: '409',
                    code: 'sold_out',
                    detail: 'Not enough seats are left in Saturday mornings',
                  },
                ],
              },
            }
          : {
              status: 201,
              data: { data: orderResource('pending'), meta: { payment_method: 'card' } },
            };
      },
    });
    const { user, dialog } = await bookingForRen();
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(
      await screen.findByText(/Not enough seats are left in Saturday mornings/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await screen.findByTestId('walk-in-card')).toBeInTheDocument();
  });

  it('opens a walk-in’s statement from their own ledger, with nothing to add to it', async () => {
    const entry = (id: string, attributes: Record<string, unknown>) =>
      resource('ledger_entries', id, {
        currency: 'usd',
        method: null,
        description: '',
        order_id: '55',
        order_item_id: null,
        payment_id: null,
        refund_id: null,
        billing_period: null,
        created_by: null,
        created_at: '2026-11-02T15:00:00.000Z',
        ...attributes,
      });
    const asked: string[] = [];
    server = fakeApi({
      'GET /api/v2/admin/guest_customers': { data: list },
      'GET /api/v2/admin/guest_customers/3/ledger': (request) => {
        asked.push(request.url);
        return {
          data: {
            data: [
              entry('2', { kind: 'payment', amount: -5000, method: 'cash' }),
              entry('1', { kind: 'charge', amount: 5000, description: 'Drawing' }),
            ],
            meta: { total: 2, page: 1, per_page: 20, balance: 0, currency: 'usd' },
          },
        };
      },
    });
    const { user } = renderWithProviders(<GuestCustomersPage />);
    await user.click(await screen.findByRole('button', { name: 'Statement of Hana Mori' }));
    const dialog = await screen.findByTestId('guest-statement');
    expect(
      within(dialog).getByRole('heading', { name: 'Balance and statement of Hana Mori' }),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Payment (cash) · Order 55')).toBeInTheDocument();
    expect(within(dialog).getByText('Charge · Order 55 · Drawing')).toBeInTheDocument();
    expect(within(dialog).getByTestId('customer-ledger-balance')).toHaveTextContent(
      'Balance: nothing owed',
    );
    // Staff's credits and charges are for account holders: no form to add one here.
    expect(within(dialog).queryByRole('form', { name: 'Add a credit or a charge' })).toBeNull();
    expect(asked).toHaveLength(1);
  });
});
