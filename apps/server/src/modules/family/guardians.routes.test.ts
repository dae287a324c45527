import {
  CART_API,
  CLASSES_API,
  calendarFeedDocumentSchema,
  commentDocumentSchema,
  commentListDocumentSchema,
  FAMILY_API,
  GALLERY_API,
  GUARDIANS_API,
  GUARDIANS_MESSAGES,
  guardianListDocumentSchema,
  LEDGER_API,
  NOTIFICATIONS_API,
  ORDERS_API,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, mailTo, tokenFromMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bearer, type SignedInUser, signedInUser, uniqueEmail } from '../accounts/accounts-testing';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, enroll, person, programmeWithSchedule } from '../classes/classes-testing';
import { family, scheduleTaughtBy, seedPost } from '../gallery/gallery-testing';
import { notify } from '../notifications';
import { fakePayments } from '../orders/orders-testing';
import { attendeeProfiles, users } from '../users/users.tables';
import { familyGuardians } from './family.tables';
import { GUARDIAN_INVITES_PER_HOUR } from './guardians.context';

// Second guardians (decision 071), through the HTTP API as the web calls it.
describe('second guardians', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let parentEmail: string;
  let schedule: { scheduleId: string; planId: string };
  const payments = fakePayments();

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c, { programme: { min_age: 3, max_age: 18 } });
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, c.parent.id));
    parentEmail = row?.email ?? '';
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  type Who = { token: string } | SignedInUser;
  const auth = (who: Who) => ('jwt' in who ? bearer(who.jwt) : as(who));
  const call = (
    who: Who | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({ method, url, headers: who ? auth(who) : {}, ...(payload ? { payload } : {}) });
  const invite = (who: Who | null, email: unknown) =>
    call(who, 'POST', GUARDIANS_API.guardians, { email });
  const accept = (who: Who, token: string) => call(who, 'POST', GUARDIANS_API.accept, { token });

  /** Invites a fresh address for the cast's parent; returns the invitee (signed in) and token. */
  async function invited(): Promise<{ guardian: SignedInUser; token: string; id: string }> {
    const guardian = await signedInUser(t, 'student', { name: 'Gus Guardian' });
    const res = await invite(c.parent, guardian.email);
    expect(res.statusCode, res.body).toBe(201);
    const mail = await latestMail(t.app, guardian.email, 'guardian_invitation');
    return {
      guardian,
      token: tokenFromMail(mail, '/guardian_invitation/'),
      id: res.json().data.id,
    };
  }

  async function accepted(): Promise<{ guardian: SignedInUser; id: string }> {
    const { guardian, token, id } = await invited();
    const res = await accept(guardian, token);
    expect(res.statusCode, res.body).toBe(200);
    return { guardian, id };
  }

  it('refuses a bad address with 422 naming the field, a guest with 401 and staff with 403', async () => {
    for (const email of [undefined, '', 'not-an-address']) {
      const res = await invite(c.parent, email);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].meta).toMatchObject({ type: 'validate', field: 'email' });
    }
    const own = await invite(c.parent, parentEmail.toUpperCase());
    expect(own.statusCode).toBe(422);
    expect(own.json().errors[0].detail).toBe(GUARDIANS_MESSAGES.ownAddress);
    expect((await invite(null, uniqueEmail())).statusCode).toBe(401);
    expect((await invite(c.teacher, uniqueEmail())).statusCode).toBe(403);
    expect((await call(c.admin, 'GET', GUARDIANS_API.guardians)).statusCode).toBe(403);
  });

  it('answers 429 past the hourly number of invitations of one family', async () => {
    const family = await person(t, 'student', 'Busy Family');
    for (let i = 0; i < GUARDIAN_INVITES_PER_HOUR; i++) {
      expect((await invite(family, uniqueEmail('many'))).statusCode).toBe(201);
    }
    expect((await invite(family, uniqueEmail('many'))).statusCode).toBe(429);
  });

  it('mails a link, lists the invitation as pending, and refuses a second invitation of the same address', async () => {
    const email = uniqueEmail('invitee');
    const res = await invite(c.parent, email);
    expect(res.statusCode).toBe(201);
    const mail = await latestMail(t.app, email, 'guardian_invitation');
    expect(mail?.text).toContain('Pat Parent');
    expect(tokenFromMail(mail, '/guardian_invitation/')).toMatch(/^[\w-]{40,}$/);
    const list = guardianListDocumentSchema.parse(
      (await call(c.parent, 'GET', GUARDIANS_API.guardians)).json(),
    );
    expect(list.meta.account_holder).toMatchObject({ name: 'Pat Parent', is_you: true });
    expect(list.data.find((g) => g.attributes.email === email)?.attributes).toMatchObject({
      status: 'pending',
      name: null,
    });
    const again = await invite(c.parent, email);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].detail).toBe(GUARDIANS_MESSAGES.alreadyInvited);
  });

  it('accepts a token once, with the invited address only; an unknown or expired token is refused', async () => {
    const { guardian, token } = await invited();
    const stranger = await signedInUser(t, 'student');
    const wrong = await accept(stranger, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors[0].meta.reason).toBe('other_address');
    expect((await accept(guardian, 'no-such-token')).statusCode).toBe(404);
    const ok = await accept(guardian, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ family_id: String(c.parent.id), family_name: 'Pat Parent' });
    const twice = await accept(guardian, token);
    expect(twice.statusCode).toBe(410);
    expect(twice.json().errors[0].meta.reason).toBe('used');

    const late = await invited();
    await t.database.db
      .update(familyGuardians)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(familyGuardians.id, Number(late.id)));
    const expired = await accept(late.guardian, late.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errors[0].meta.reason).toBe('expired');
    // An expired invitation can be sent again: the same row gets a fresh link.
    expect((await invite(c.parent, late.guardian.email)).statusCode).toBe(201);
  });

  it('refuses an account that has a family of its own, and staff', async () => {
    const { guardian, token } = await invited();
    await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: guardian.id, name: 'Own Kid', birthday: '2016-01-01' });
    const res = await accept(guardian, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].meta.reason).toBe('has_family');

    const teacher = await signedInUser(t, 'teacher');
    await invite(c.parent, teacher.email);
    const staffToken = tokenFromMail(
      await latestMail(t.app, teacher.email, 'guardian_invitation'),
      '/guardian_invitation/',
    );
    expect((await accept(teacher, staffToken)).statusCode).toBe(403);
  });

  it('lets the second guardian see and book for the family: children, cart, orders, ledger', async () => {
    const { guardian } = await accepted();
    const me = await call(guardian, 'GET', '/api/v1/users/me');
    expect(me.json().data.id).toBe(String(guardian.id));
    expect(me.json().data.attributes.family_id).toBe(String(c.parent.id));

    const kids = await call(guardian, 'GET', FAMILY_API.attendeeProfiles(c.parent.id));
    expect(kids.statusCode).toBe(200);
    expect(
      kids.json().data.map((p: { attributes: { name: string } }) => p.attributes.name),
    ).toEqual(expect.arrayContaining(['Mia Parent', 'Leo Parent']));

    const added = await call(guardian, 'POST', CART_API.items, {
      cart_item: {
        klass_group_schedule_id: schedule.scheduleId,
        plan_id: schedule.planId,
        attendee_profile_ids: [String(c.parent.attendees.mia)],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    // One cart: the account holder sees what the guardian put in it.
    const holderCart = await call(c.parent, 'GET', CART_API.items);
    expect(holderCart.json().data.map((i: { id: string }) => i.id)).toContain(added.json().data.id);
    const order = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...auth(guardian), 'idempotency-key': `guardian-${guardian.id}` },
    });
    expect(order.statusCode, order.body).toBe(201);
    const holderOrders = await call(c.parent, 'GET', ORDERS_API.orders);
    expect(holderOrders.json().data.map((o: { id: string }) => o.id)).toContain(
      order.json().data.id,
    );
    const guardianOrder = await call(guardian, 'GET', ORDERS_API.order(order.json().data.id));
    expect(guardianOrder.statusCode).toBe(200);

    const ledger = (who: Who) => call(who, 'GET', LEDGER_API.accountLedger);
    const [mine, theirs] = [await ledger(guardian), await ledger(c.parent)];
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(theirs.json());
  });

  it("signs a guardian's gallery comment with their own name; it stays the family's to edit", async () => {
    const { guardian } = await accepted();
    const postId = await seedPost(t, {
      attendeeProfileId: c.parent.attendees.leo,
      authorId: c.parent.id,
    });
    const comment = (who: Who, body: string) =>
      call(who, 'POST', GALLERY_API.postComments(postId), { comment: { body } });
    const theirs = await comment(guardian, 'Look at the sky in this one!');
    expect(theirs.statusCode, theirs.body).toBe(201);
    const written = commentDocumentSchema.parse(theirs.json()).data;
    expect(written.attributes.author?.id).toBe(String(c.parent.id));
    expect(written.attributes.written_by).toEqual({
      id: String(guardian.id),
      name: 'Gus Guardian',
    });
    const holders = await comment(c.parent, 'And the trees.');
    expect(commentDocumentSchema.parse(holders.json()).data.attributes.written_by).toBeNull();

    // Everyone who reads the thread (the family, staff) sees who wrote what.
    for (const who of [c.parent, guardian, c.admin]) {
      const thread = commentListDocumentSchema.parse(
        (await call(who, 'GET', GALLERY_API.postComments(postId))).json(),
      ).data;
      expect(thread.map((x) => x.attributes.written_by?.name ?? x.attributes.author?.name)).toEqual(
        ['Gus Guardian', 'Pat Parent'],
      );
    }
    // The comment carries the family's rights: the account holder may edit it, and the words
    // are theirs from then on; the guardian's edit of the holder's signs it with the guardian's.
    const edited = await call(c.parent, 'PATCH', GALLERY_API.comment(written.id), {
      comment: { body: 'Look at the sky!' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(commentDocumentSchema.parse(edited.json()).data.attributes.written_by).toBeNull();
    const holdersId = commentDocumentSchema.parse(holders.json()).data.id;
    const editedBack = await call(guardian, 'PATCH', GALLERY_API.comment(holdersId), {
      comment: { body: 'And the trees, and the river.' },
    });
    expect(editedBack.statusCode, editedBack.body).toBe(200);
    expect(commentDocumentSchema.parse(editedBack.json()).data.attributes.written_by).toEqual({
      id: String(guardian.id),
      name: 'Gus Guardian',
    });
  });

  it("keeps the approved words under their writer's name while the other guardian's edit waits for review", async () => {
    const { guardian } = await accepted();
    // A classmate's post whose family has comments reviewed: a family's edit waits there.
    const s = await scheduleTaughtBy(t, c, c.teacher);
    const kato = await family(t, 'Kenji Kato', [{ name: 'Mia Kato', visibility: 'classmates' }]);
    await enroll(t, s.scheduleId, [...kato.kids, c.parent.attendees.leo]);
    const postId = await seedPost(t, {
      attendeeProfileId: kato.kids[0] ?? 0,
      authorId: kato.id,
      klassId: s.klassId,
      scheduleId: s.scheduleId,
    });
    const made = await call(c.parent, 'POST', GALLERY_API.postComments(postId), {
      comment: { body: 'Lovely sky' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = commentDocumentSchema.parse(made.json()).data.id;
    const approve = () =>
      call(c.teacher, 'PATCH', GALLERY_API.comment(id), { comment: { approved: true } });
    expect((await approve()).statusCode).toBe(200);
    const seenBy = async (who: Who) =>
      commentListDocumentSchema
        .parse((await call(who, 'GET', GALLERY_API.postComments(postId))).json())
        .data.find((x) => x.id === id)?.attributes;

    const edited = await call(guardian, 'PATCH', GALLERY_API.comment(id), {
      comment: { body: 'Lovely sky and sea' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(commentDocumentSchema.parse(edited.json()).data.attributes).toMatchObject({
      status: 'pending',
      written_by: { id: String(guardian.id), name: 'Gus Guardian' },
    });
    // The post's family still reads the words approved, signed by the one who wrote them.
    expect(await seenBy(kato)).toMatchObject({ body: 'Lovely sky', written_by: null });
    expect(await seenBy(c.teacher)).toMatchObject({
      body: 'Lovely sky and sea',
      written_by: { name: 'Gus Guardian' },
    });
    // Approved, the new words go out under the guardian's name.
    expect((await approve()).statusCode).toBe(200);
    expect(await seenBy(kato)).toMatchObject({
      body: 'Lovely sky and sea',
      written_by: { name: 'Gus Guardian' },
    });
  });

  it('keeps third parties out: 403 on the family, 404 on its guardians', async () => {
    const { id } = await accepted();
    const stranger = await signedInUser(t, 'student');
    expect((await call(stranger, 'GET', FAMILY_API.attendeeProfiles(c.parent.id))).statusCode).toBe(
      403,
    );
    expect((await call(stranger, 'DELETE', GUARDIANS_API.guardian(id))).statusCode).toBe(404);
    const theirs = guardianListDocumentSchema.parse(
      (await call(stranger, 'GET', GUARDIANS_API.guardians)).json(),
    );
    expect(theirs.data).toEqual([]);
  });

  it('removing a guardian ends their access at once and deletes nothing of the family', async () => {
    const { guardian, id } = await accepted();
    // Warm the session cache: removal must not wait for it to expire.
    expect((await call(guardian, 'GET', FAMILY_API.attendeeProfiles(c.parent.id))).statusCode).toBe(
      200,
    );
    expect((await call(c.parent, 'DELETE', GUARDIANS_API.guardian(id))).statusCode).toBe(204);
    expect((await call(guardian, 'GET', FAMILY_API.attendeeProfiles(c.parent.id))).statusCode).toBe(
      403,
    );
    expect((await call(guardian, 'GET', '/api/v1/users/me')).json().data.attributes.family_id).toBe(
      String(guardian.id),
    );
    const kids = await call(c.parent, 'GET', FAMILY_API.attendeeProfiles(c.parent.id));
    expect(kids.json().data.length).toBeGreaterThanOrEqual(2);
    // Nothing more reaches them, live or listed.
    await notify(t.app, {
      recipientId: c.parent.id,
      title: 'After removal',
      content: 'x',
      record: { type: 'posts', id: 1 },
    });
    const listed = await call(guardian, 'GET', NOTIFICATIONS_API.list);
    expect(JSON.stringify(listed.json())).not.toContain('After removal');
  });

  it("gives each guardian a calendar feed of their own, which stops showing the family's classes once they are removed", async () => {
    // Inside the feed's window (60 days back, 400 ahead), unlike the default 2030 schedule.
    const start = DateTime.now().setZone('America/New_York').plus({ days: 7 });
    const soon = await programmeWithSchedule(t, c, {
      programme: { name: 'Feed Watercolour', min_age: 3, max_age: 18 },
      schedule: {
        start_date: start.toISODate(),
        end_date: start.plus({ days: 27 }).toISODate(),
      },
    });
    await enroll(t, soon.scheduleId, [c.parent.attendees.mia]);
    const { guardian, id } = await accepted();
    const feedUrl = async (who: Who) => {
      const made = await call(who, 'POST', CLASSES_API.calendarFeed);
      expect(made.statusCode, made.body).toBe(201);
      return new URL(calendarFeedDocumentSchema.parse(made.json()).data.attributes.url ?? '')
        .pathname;
    };
    const ics = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      return res.body.replace(/\r\n /g, '');
    };
    const guardians = await feedUrl(guardian);
    const holders = await feedUrl(c.parent);
    expect(guardians).not.toBe(holders);
    expect(await ics(guardians)).toContain('SUMMARY:Feed Watercolour');
    expect(await ics(guardians)).toContain('Attending: Mia Parent');
    // The holder making a new URL leaves the guardian's working.
    const holdersNew = await feedUrl(c.parent);
    expect(await ics(guardians)).toContain('SUMMARY:Feed Watercolour');

    expect((await call(c.parent, 'DELETE', GUARDIANS_API.guardian(id))).statusCode).toBe(204);
    const after = await ics(guardians);
    expect(after).not.toContain('Feed Watercolour');
    expect(after).not.toContain('Mia');
    expect(await ics(holdersNew)).toContain('Attending: Mia Parent');
  });

  it('a guardian may remove the other guardian, and leave; never the account holder', async () => {
    const first = await accepted();
    const second = await accepted();
    expect(
      (await call(first.guardian, 'DELETE', GUARDIANS_API.guardian(second.id))).statusCode,
    ).toBe(204);
    expect(
      (await call(first.guardian, 'DELETE', GUARDIANS_API.guardian(first.id))).statusCode,
    ).toBe(204);
    expect(
      (await call(first.guardian, 'GET', FAMILY_API.attendeeProfiles(c.parent.id))).statusCode,
    ).toBe(403);
  });

  it('tells both guardians: notifications and family mail go to each, account mail does not', async () => {
    const { guardian } = await accepted();
    await notify(t.app, {
      recipientId: c.parent.id,
      title: 'A new artwork',
      content: 'of Mia',
      record: { type: 'posts', id: 1 },
    });
    for (const who of [c.parent, guardian] as Who[]) {
      const listed = await call(who, 'GET', NOTIFICATIONS_API.list);
      expect(JSON.stringify(listed.json())).toContain('A new artwork');
    }
    await t.app.mail.mailer.queue(t.app.db, {
      to: parentEmail,
      locale: 'en',
      template: 'class_message',
      params: {
        name: 'Pat Parent',
        title: 'Bring an apron',
        body: 'Paint day',
        programme: 'Drawing',
        sender: 'Theo',
        messageId: 1,
      },
    });
    await t.app.mail.mailer.queue(t.app.db, {
      to: parentEmail,
      locale: 'en',
      template: 'password_changed',
      params: { name: 'Pat Parent' },
    });
    const theirs = await mailTo(t.app, guardian.email);
    expect(theirs.map((m) => m.template)).toContain('class_message');
    expect(theirs.map((m) => m.template)).not.toContain('password_changed');
    expect((await mailTo(t.app, parentEmail)).map((m) => m.template)).toContain('class_message');
  });
});
