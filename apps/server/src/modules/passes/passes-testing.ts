import { ORDERS_API, PASSES_API, type Translations } from '@atelier/contract';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { as, type Cast, type Person } from '../classes/classes-testing';
import { passPurchases } from './passes.tables';

const DAY_MS = 86_400_000;

/** A pass made by the admin through the API; answers its id. */
export async function makePass(
  t: TestApp,
  c: Cast,
  fields: { klassGroupIds: string[]; visits?: number; price?: number; validityDays?: number },
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: PASSES_API.passes,
    headers: as(c.admin),
    payload: {
      pass: {
        name: 'Ten visits',
        visits: fields.visits ?? 10,
        price: fields.price ?? 15000,
        validity_days: fields.validityDays ?? 90,
        klass_group_ids: fields.klassGroupIds,
        translations: { ja: { name: '10回券' } },
      },
    },
  });
  if (res.statusCode !== 201) throw new Error(`pass: ${res.body}`);
  return res.json().data.id;
}

/** A purchase written straight to the table (what a paid order would make). */
export async function givePurchase(
  t: TestApp,
  userId: number,
  fields: {
    klassGroupIds: number[];
    visits?: number;
    expiresAt?: Date;
    translations?: Translations<'name'>;
  },
): Promise<number> {
  const visits = fields.visits ?? 10;
  const [row] = await t.database.db
    .insert(passPurchases)
    .values({
      userId,
      orderId: 0,
      orderItemId: -Math.floor(Math.random() * 1_000_000_000),
      name: 'Given pass',
      translations: fields.translations ?? {},
      klassGroupIds: fields.klassGroupIds,
      visits,
      visitsLeft: visits,
      price: 0,
      expiresAt: fields.expiresAt ?? new Date(Date.now() + 30 * DAY_MS),
    })
    .returning({ id: passPurchases.id });
  if (!row) throw new Error('purchase not written');
  return row.id;
}

/** Buys a pass through the cart, checkout and the fake provider's card; answers the order id. */
export async function buyPass(t: TestApp, buyer: Person, passId: string, key: string) {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v2/cart_items',
    headers: as(buyer),
    payload: { cart_item: { kind: 'pass', pass_id: passId } },
  });
  if (added.statusCode !== 201) throw new Error(`cart: ${added.body}`);
  const res = await t.app.inject({
    method: 'POST',
    url: ORDERS_API.orders,
    headers: { ...as(buyer), 'idempotency-key': key },
  });
  if (res.statusCode !== 201) throw new Error(`order: ${res.body}`);
  const order = res.json().data;
  const secret: string = order.attributes.payment.client_secret;
  const confirm = await t.app.inject({
    method: 'POST',
    url: ORDERS_API.fakePaymentConfirm(secret.split('_secret_')[0] ?? ''),
    payload: { client_secret: secret, card_number: '4242424242424242' },
  });
  if (confirm.json().status !== 'succeeded') throw new Error(`pay: ${confirm.body}`);
  return order.id as string;
}

/** Books a drop-in as `who`. */
export const bookDropIn = (
  t: TestApp,
  who: Person,
  body: { klassId: number; attendeeId: number; purchaseId: number | string },
) =>
  t.app.inject({
    method: 'POST',
    url: PASSES_API.dropIns,
    headers: as(who),
    payload: {
      klass_id: String(body.klassId),
      attendee_profile_id: String(body.attendeeId),
      pass_purchase_id: String(body.purchaseId),
    },
  });
