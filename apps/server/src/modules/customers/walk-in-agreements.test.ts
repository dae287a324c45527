import {
  ACCOUNTS_API,
  AGREEMENT_MESSAGES,
  AGREEMENTS_API,
  accountAgreementListSchema,
  agreementSignatureListSchema,
  CUSTOMERS_API,
  guestCustomerDocumentSchema,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, tokenFromMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bearer, nextIp, uniqueEmail, validRegistration } from '../accounts/accounts-testing';
import { agreementSignatures } from '../agreements/agreements.tables';
import { publishAgreement } from '../agreements/agreements-testing';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { orders } from '../orders/orders.tables';
import { fakePayments } from '../orders/orders-testing';
import { users } from '../users/users.tables';
import { deskContact, newWalkIn } from './customers-testing';

/** The answer's field errors as `{ field: message }`. */
const fieldMessages = (body: { errors: { detail: string; meta?: { field?: string } }[] }) =>
  Object.fromEntries(body.errors.map((e) => [e.meta?.field ?? '', e.detail]));

// A walk-in signs the school's agreements on paper at the desk, and staff tick them when booking
// (docs/decisions/082-paper-agreements-at-the-desk.md): the checkout's rule, with the walk-in in
// place of the family account.

describe('walk-in bookings and the agreements signed on paper', {
  timeout: SETUP_TIMEOUT_MS,
}, () => {
  let t: TestApp;
  let c: Cast;
  let klass: { scheduleId: string; planId: string };
  let otherKlass: { scheduleId: string; planId: string };
  let waiver: string;
  let policy: string;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: fakePayments().service });
    c = await cast(t);
    klass = await programmeWithSchedule(t, c, { schedule: { capacity: 20 } });
    otherKlass = await programmeWithSchedule(t, c, { schedule: { capacity: 20 } });
    waiver = (
      await publishAgreement(t, c.admin, {
        title: 'Studio waiver',
        kind: 'waiver',
        per_child: true,
        required_before_booking: true,
      })
    ).agreementId;
    policy = (
      await publishAgreement(t, c.admin, {
        title: 'School policy',
        kind: 'policy',
        required_before_booking: true,
      })
    ).agreementId;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const walkIn = (name: string, email?: string) => newWalkIn(t, c.admin, name, email);

  const book = (
    id: string,
    attendees: object[],
    paper?: { signed_by: string; ids: string[] },
    into = klass,
  ) =>
    t.app.inject({
      method: 'POST',
      url: CUSTOMERS_API.guestCustomerOrders(id),
      headers: as(c.admin),
      payload: {
        order: {
          klass_group_schedule_id: into.scheduleId,
          plan_id: into.planId,
          attendees,
          payment_method: 'cash',
          ...(paper
            ? { paper_agreements: { signed_by: paper.signed_by, agreement_ids: paper.ids } }
            : {}),
        },
      },
    });

  const detailOf = async (id: string) =>
    guestCustomerDocumentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: CUSTOMERS_API.guestCustomer(id),
          headers: as(c.admin),
        })
      ).json(),
    ).data.attributes;
  const attendeesOf = async (id: string) => (await detailOf(id)).attendees;

  const signaturesOf = async (agreementId: string) =>
    agreementSignatureListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: AGREEMENTS_API.adminAgreementSignatures(agreementId),
          headers: as(c.admin),
        })
      ).json(),
    ).data;

  it('refuses a booking until the required agreements are ticked, naming each and each child, and writes nothing', async () => {
    const id = await walkIn('Wendy Walk');
    const res = await book(id, [{ name: 'Wes Walk', emergency_contact: deskContact }]);
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldMessages(res.json())).toEqual({
      [`paper_agreements.${waiver}`]: AGREEMENT_MESSAGES.paperCopyNeededForChild(
        'Studio waiver',
        'Wes Walk',
      ),
      [`paper_agreements.${policy}`]: AGREEMENT_MESSAGES.paperCopyNeeded('School policy'),
    });
    expect(await attendeesOf(id)).toEqual([]);
    expect(await t.database.db.select().from(orders)).toEqual([]);
    // An agreement that is not in use cannot be ticked.
    const unknown = await book(id, [{ name: 'Wes Walk', emergency_contact: deskContact }], {
      signed_by: 'Wendy Walk',
      ids: [waiver, policy, '999999'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(fieldMessages(unknown.json())).toEqual({
      'paper_agreements.agreement_ids': AGREEMENT_MESSAGES.unknownPaperAgreement,
    });
    expect(await attendeesOf(id)).toEqual([]);
  });

  it('records what was signed on paper for the walk-in and each child, then books; the next booking needs only what is new', async () => {
    const id = await walkIn('Paula Paper');
    const first = await book(id, [{ name: 'Pia Paper', emergency_contact: deskContact }], {
      signed_by: 'Paula Paper',
      ids: [waiver, policy],
    });
    expect(first.statusCode, first.body).toBe(201);
    const [pia] = await attendeesOf(id);
    // The walk-in's page says what is on record: the policy for them, the waiver for Pia.
    const detail = await detailOf(id);
    expect(detail.agreements_on_record).toEqual(
      expect.arrayContaining([
        { agreement_id: policy, attendee_profile_id: null },
        { agreement_id: waiver, attendee_profile_id: pia?.id },
      ]),
    );
    expect(detail.agreements_on_record).toHaveLength(2);

    const waivers = (await signaturesOf(waiver)).filter((s) => s.guest_customer_id === id);
    expect(waivers).toEqual([
      expect.objectContaining({
        family_user_id: null,
        family_name: 'Paula Paper',
        attendee_profile_id: pia?.id,
        attendee_name: 'Pia Paper',
        signer_name: 'Paula Paper',
        method: 'paper',
        recorded_by: 'Ada Admin',
        current: true,
      }),
    ]);
    const policies = (await signaturesOf(policy)).filter((s) => s.guest_customer_id === id);
    expect(policies).toEqual([
      expect.objectContaining({ attendee_profile_id: null, method: 'paper' }),
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: AGREEMENTS_API.adminAgreementSignaturesCsv(waiver),
      headers: as(c.admin),
    });
    expect(csv.body.split('\r\n')[0]).toMatch(/,method,recorded_by$/);
    expect(csv.body).toContain(`Paula Paper,Pia Paper,Paula Paper`);
    expect(csv.body).toContain(',paper,Ada Admin\r\n');

    // Pia in another class: on record, nothing to tick. A new child needs the per-child waiver only.
    const again = await book(id, [{ id: pia?.id }], undefined, otherKlass);
    expect(again.statusCode, again.body).toBe(201);
    const second = await book(id, [{ name: 'Pablo Paper', emergency_contact: deskContact }]);
    expect(second.statusCode).toBe(422);
    expect(fieldMessages(second.json())).toEqual({
      [`paper_agreements.${waiver}`]: AGREEMENT_MESSAGES.paperCopyNeededForChild(
        'Studio waiver',
        'Pablo Paper',
      ),
    });
  });

  it('records the walk-in’s signature once when two bookings tick the same agreements at once', async () => {
    const id = await walkIn('Rita Race');
    const race = (child: string) =>
      book(id, [{ name: child, emergency_contact: deskContact }], {
        signed_by: 'Rita Race',
        ids: [waiver, policy],
      });
    const answers = await Promise.all([race('Rex Race'), race('Ruby Race')]);
    expect(
      answers.map((r) => r.statusCode),
      answers[0]?.body,
    ).toEqual([201, 201]);
    const rows = await t.database.db
      .select()
      .from(agreementSignatures)
      .where(eq(agreementSignatures.guestCustomerId, Number(id)));
    // The policy once for the walk-in; the waiver once for each child.
    expect(rows.map((r) => r.agreementId).sort()).toEqual(
      [Number(policy), Number(waiver), Number(waiver)].sort(),
    );
  });

  /**
   * Registers `email` and confirms it (the history join runs then); the new account's agreements
   * among this file's two.
   */
  async function agreementsOfNewAccount(email: string) {
    const registered = await t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.register,
      payload: { user: validRegistration(email) },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode).toBe(202);
    const token = tokenFromMail(await latestMail(t.app, email, 'confirmation'), '/app/register/');
    const confirmed = await t.app.inject({ method: 'PUT', url: ACCOUNTS_API.userToken(token) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: AGREEMENTS_API.accountAgreements,
      headers: bearer(confirmed.json().data.jwt),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    return accountAgreementListSchema
      .parse(mine.json())
      .data.filter((r) => [waiver, policy].includes(r.agreement_id));
  }

  it('carries what the walk-in signed on paper to the account their history joins: nothing is due online', async () => {
    const email = uniqueEmail('paper-joiner');
    const id = await walkIn('Jo Paper', email);
    const booked = await book(id, [{ name: 'Jay Paper', emergency_contact: deskContact }], {
      signed_by: 'Jo Paper',
      ids: [waiver, policy],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const rows = await agreementsOfNewAccount(email);
    expect(rows.map((r) => [r.title, r.attendee_name, r.due]).sort()).toEqual(
      [
        ['School policy', null, false],
        ['Studio waiver', 'Jay Paper', false],
      ].sort(),
    );
  });

  it('joins one of two walk-ins’ paper copies of the same version when both share the e-mail', async () => {
    const email = uniqueEmail('two-walk-ins');
    for (const name of ['Ann Twice', 'Ann Twice (again)']) {
      const id = await walkIn(name, email);
      const booked = await book(id, [{ name: `${name} Jr`, emergency_contact: deskContact }], {
        signed_by: name,
        ids: [waiver, policy],
      });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    // One live signature per version and family: the confirmation joins one and still succeeds.
    const rows = await agreementsOfNewAccount(email);
    expect(rows.filter((r) => r.agreement_id === policy).map((r) => r.due)).toEqual([false]);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const policies = await t.database.db
      .select()
      .from(agreementSignatures)
      .where(
        and(
          eq(agreementSignatures.agreementId, Number(policy)),
          eq(agreementSignatures.familyUserId, user?.id ?? 0),
        ),
      );
    expect(policies).toHaveLength(1);
  });
});
