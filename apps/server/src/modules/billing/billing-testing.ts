import { BILLING_API, ORDERS_API } from '@atelier/contract';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { addAttendee, addToCart } from '../cart/cart-testing';
import { as, type Cast, person, programmeBody, scheduleBody } from '../classes/classes-testing';

// Test helpers of saved cards and monthly tuition (docs/decisions/075-monthly-tuition-and-billing-runs.md).

let counter = 0;

/**
 * A programme with a month plan (base 2 000, 12 000 a month) and a schedule of Saturdays from
 * January to March 2030 (13 sessions: 4 in January, 4 in February, 5 in March).
 */
export async function monthPlanSchedule(t: TestApp, c: Cast) {
  const plan = await t.app.inject({
    method: 'POST',
    url: '/api/v1/plans',
    headers: as(c.admin),
    payload: {
      plan: { name: 'Monthly', base_price: 2000, unit_price: 12_000, unit_type: 'month' },
    },
  });
  if (plan.statusCode !== 201) throw new Error(`plan: ${plan.body}`);
  const group = await t.app.inject({
    method: 'POST',
    url: '/api/v1/klass_groups',
    headers: as(c.admin),
    payload: programmeBody({ slug: `monthly-${++counter}-${Date.now().toString(36)}` }),
  });
  if (group.statusCode !== 201) throw new Error(`programme: ${group.body}`);
  const planId: string = plan.json().data.id;
  const schedule = await t.app.inject({
    method: 'POST',
    url: `/api/v1/klass_groups/${group.json().data.id}/schedules`,
    headers: as(c.admin),
    payload: scheduleBody(c.teacher.id, [planId], {
      start_date: '2030-01-05',
      end_date: '2030-03-30',
    }),
  });
  if (schedule.statusCode !== 201) throw new Error(`schedule: ${schedule.body}`);
  return {
    planId,
    scheduleId: schedule.json().data.id as string,
    groupId: group.json().data.id as string,
  };
}

/** Saves a card for `who`'s family through the API and the fake card form; returns its id. */
export async function saveCard(
  t: TestApp,
  who: { token: string },
  cardNumber = '4242424242424242',
): Promise<string> {
  const start = await t.app.inject({
    method: 'POST',
    url: BILLING_API.paymentMethods,
    headers: as(who),
    payload: {},
  });
  if (start.statusCode !== 200) throw new Error(`setup: ${start.body}`);
  const setup = start.json().setup;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: BILLING_API.fakeSetupConfirm(setup.setup_intent_id),
    payload: { client_secret: setup.client_secret, card_number: cardNumber },
  });
  if (confirmed.json().status !== 'succeeded') throw new Error(`confirm: ${confirmed.body}`);
  const saved = await t.app.inject({
    method: 'POST',
    url: BILLING_API.paymentMethods,
    headers: as(who),
    payload: { setup_intent_id: setup.setup_intent_id },
  });
  if (saved.statusCode !== 201) throw new Error(`save: ${saved.body}`);
  return saved.json().data.id;
}

/** Pays a pending order's client secret with a card through the fake card form. */
export async function payWithCard(t: TestApp, clientSecret: string, card = '4242424242424242') {
  const res = await t.app.inject({
    method: 'POST',
    url: ORDERS_API.fakePaymentConfirm(clientSecret.split('_secret_')[0] ?? ''),
    payload: { client_secret: clientSecret, card_number: card },
  });
  return res.json() as { status: string };
}

/**
 * A new family with one child, a saved card (or none), and the child enrolled monthly in the
 * schedule through checkout and the fake card form.
 */
export async function monthlyFamily(
  t: TestApp,
  s: { planId: string; scheduleId: string },
  options: { card?: string | null; autopay?: boolean; name?: string } = {},
) {
  const family = await person(t, 'student', options.name ?? `Family ${++counter}`);
  const child = await addAttendee(t, family.id, `Child of ${family.id}`);
  const card = options.card === null ? null : await saveCard(t, family, options.card);
  const cartItemId = await addToCart(t, family.id, { ...s, attendeeIds: [child] });
  const res = await t.app.inject({
    method: 'POST',
    url: ORDERS_API.orders,
    headers: { ...as(family), 'idempotency-key': `monthly-${family.id}` },
    payload: {
      monthly: [{ cart_item_id: String(cartItemId), autopay: options.autopay ?? card !== null }],
    },
  });
  if (res.statusCode !== 201) throw new Error(`checkout: ${res.body}`);
  const order = res.json().data;
  await payWithCard(t, order.attributes.payment.client_secret);
  return { family, child, card, order };
}
