import { AGREEMENT_MESSAGES, ORDERS_API } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { fakePayments } from '../orders/orders-testing';
import { publishAgreement, publishVersion, sign } from './agreements-testing';

type Fields = Record<string, string>;
const fieldMessages = (body: { errors: { detail: string; meta?: { field?: string } }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.meta?.field ?? '', e.detail])) as Fields;

// Checkout refuses until every agreement required before booking is signed in its current version
// for the family and each child of the order (docs/decisions/070-agreements.md).
describe('checkout asks for required agreements', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  let keyN = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const checkout = () =>
    t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(c.parent), 'idempotency-key': `agreements-${++keyN}` },
    });

  it('answers 422 naming each agreement and child until signed, then books; a new version asks again', async () => {
    const schedule = await programmeWithSchedule(t, c);
    const { mia, leo } = c.parent.attendees;
    await addToCart(t, c.parent.id, { ...schedule, attendeeIds: [mia] });
    // An agreement not required before booking, and one never published, ask nothing.
    await publishAgreement(t, c.admin, { title: 'Newsletter policy', kind: 'policy' });
    const waiver = await publishAgreement(t, c.admin, {
      title: 'Studio waiver',
      kind: 'waiver',
      required_before_booking: true,
    });
    const release = await publishAgreement(t, c.admin, {
      title: 'Media release',
      kind: 'media_release',
      per_child: true,
      required_before_booking: true,
    });

    const refused = await checkout();
    expect(refused.statusCode).toBe(422);
    const fields = fieldMessages(refused.json());
    expect(fields).toEqual({
      [`agreements.${waiver.agreementId}`]: AGREEMENT_MESSAGES.signBeforeBooking('Studio waiver'),
      [`agreements.${release.agreementId}.${mia}`]: expect.stringContaining('Media release'),
    });
    expect(fields[`agreements.${release.agreementId}.${mia}`]).toContain('Mia');

    await sign(t, c.parent, waiver.versionId);
    // Signed for another child than the one booked: still due for Mia.
    await sign(t, c.parent, release.versionId, leo);
    const stillRefused = await checkout();
    expect(Object.keys(fieldMessages(stillRefused.json()))).toEqual([
      `agreements.${release.agreementId}.${mia}`,
    ]);
    await sign(t, c.parent, release.versionId, mia);
    const booked = await checkout();
    expect(booked.statusCode).toBe(201);

    // The next booking, after a new waiver version: asked again.
    const next = await programmeWithSchedule(t, c);
    await addToCart(t, c.parent.id, { ...next, attendeeIds: [mia] });
    await publishVersion(t, c.admin, waiver.agreementId, 'Studio waiver, revised.');
    const again = await checkout();
    expect(again.statusCode).toBe(422);
    expect(Object.keys(fieldMessages(again.json()))).toEqual([`agreements.${waiver.agreementId}`]);
  });
});
