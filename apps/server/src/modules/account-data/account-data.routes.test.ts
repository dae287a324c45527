import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ACCOUNT_DATA_API,
  ACCOUNT_DATA_MESSAGES,
  ADMIN_ORDERS_API,
  accountExportAcceptedSchema,
  adminOrderListDocumentSchema,
  deletedFamilyName,
  FAMILY_API,
  GALLERY_API,
  GUARDIANS_API,
  LEDGER_API,
  ledgerDocumentSchema,
  ORDERS_API,
  postDocumentSchema,
  USERS_API,
} from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, tokenFromMail } from '../../mail/mail-testing';
import type { LocalDiskStorage } from '../../storage/storage';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bearer, type SignedInUser, signedInUser } from '../accounts/accounts-testing';
import { agreementSignatures } from '../agreements/agreements.tables';
import { publishAgreement, sign } from '../agreements/agreements-testing';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { klasses, klassGroups } from '../classes/classes.tables';
import {
  as,
  type Cast,
  multipartFile,
  type Person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { holdSessionSeat } from '../enrollments';
import { enrollments } from '../enrollments/enrollments.tables';
import { familyGuardians } from '../family/family.tables';
import { comments } from '../gallery/gallery.tables';
import { multipart, photo } from '../gallery/gallery-testing';
import { ledgerEntries } from '../ledger/ledger.tables';
import { absences, makeupCredits } from '../makeups/makeups.tables';
import { images } from '../media/media.tables';
import { messageRecipients, messages } from '../messages/messages.tables';
import { notifications } from '../notifications/notifications.tables';
import { orderItemAttendees, orders } from '../orders/orders.tables';
import { passPurchases } from '../passes/passes.tables';
import { givePurchase } from '../passes/passes-testing';
import { enrollmentTransfers } from '../transfers/transfers.tables';
import { enrolled } from '../transfers/transfers-testing';
import { trialBookings } from '../trials/trials.tables';
import { attendeeProfiles, users } from '../users/users.tables';
import { accountExports } from './account-data.tables';

let familyCounter = 0;

/** A family with marker names no other row in the database carries. */
type MarkedFamily = {
  user: SignedInUser;
  marker: string;
  parentName: string;
  childNames: [string, string];
  kids: [number, number];
};

async function markedFamily(t: TestApp): Promise<MarkedFamily> {
  familyCounter += 1;
  const marker = `Zqx${Date.now().toString(36)}${familyCounter}`;
  const parentName = `${marker} Parentname`;
  const childNames: [string, string] = [`${marker} Firstchild`, `${marker} Secondchild`];
  const user = await signedInUser(t, 'student', {
    name: parentName,
    email: `${marker.toLowerCase()}@family.test`,
  });
  const kids: [number, number] = [
    await addAttendee(t, user.id, childNames[0], '2016-04-02'),
    await addAttendee(t, user.id, childNames[1], '2018-09-30'),
  ];
  return { user, marker, parentName, childNames, kids };
}

describe('a family’s data: export and deletion', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let schedule: { scheduleId: string; planId: string };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const storageRoot = () => (t.app.storage as LocalDiskStorage).root;

  /** Posts `count` real photos of a child through the API; the images are processed. */
  async function postArtwork(f: MarkedFamily, kid: number, caption: string, count = 1) {
    // A colour of its own per image, so no other family's image has the same bytes.
    const files = await Promise.all(
      Array.from({ length: count }, () => photo(`#${randomBytes(3).toString('hex')}`)),
    );
    const body = multipart(
      { attendee_profile_id: String(kid), caption },
      files.map((data) => ({ data })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: GALLERY_API.posts,
      payload: body.payload,
      headers: { ...bearer(f.user.jwt), ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.media.drain();
    return postDocumentSchema.parse(res.json()).data.id;
  }

  /** Books both children on the schedule and pays by (fake) card. */
  async function paidOrderOf(f: MarkedFamily, pay = true) {
    await addToCart(t, f.user.id, { ...schedule, attendeeIds: f.kids });
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...bearer(f.user.jwt), 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    const secret: string = order.attributes.payment.client_secret;
    if (!pay) return Number(order.id);
    const confirm = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.fakePaymentConfirm(secret.split('_secret_')[0] ?? ''),
      payload: { client_secret: secret, card_number: '4242424242424242' },
    });
    expect(confirm.json().status).toBe('succeeded');
    return Number(order.id);
  }

  const asPerson = (who: SignedInUser): Person => ({
    id: who.id,
    token: who.jwt,
    role: 'student',
  });

  /**
   * Fills a child's card with marker text: an emergency contact, allergies and notes, and a pickup
   * person with an uploaded photo (processed); an admin then reads the card (logged).
   */
  async function fillCard(f: MarkedFamily, kid: number) {
    const saved = await t.app.inject({
      method: 'PUT',
      url: FAMILY_API.attendeeProfile(f.user.id, kid),
      headers: bearer(f.user.jwt),
      payload: {
        attendee_profile: {
          emergency_contacts: [
            { name: `${f.marker} Contact`, phone: '+1 212 555 0100', relation: 'aunt' },
          ],
          allergies: `${f.marker} peanuts`,
          medical_notes: `${f.marker} inhaler`,
          authorised_pickups: [{ name: `${f.marker} Pickup`, relation: 'neighbour' }],
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pickupId = saved.json().data.attributes.authorised_pickups[0].id as string;
    const upload = multipartFile(
      'photo',
      'pickup.jpg',
      'image/jpeg',
      await photo(`#${randomBytes(3).toString('hex')}`),
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: FAMILY_API.pickupPhoto(f.user.id, kid, pickupId),
      headers: { ...bearer(f.user.jwt), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.media.drain();
    const read = await t.app.inject({
      method: 'GET',
      url: FAMILY_API.attendeeProfile(f.user.id, kid),
      headers: as(c.admin),
    });
    expect(read.statusCode).toBe(200);
    return Number(pickupId);
  }

  let agreementsMade: { release: string; waiver: string } | undefined;
  /** A per-child media release and a per-family waiver (published once), signed by the family. */
  async function signAgreements(f: MarkedFamily, kid: number) {
    if (!agreementsMade) {
      const release = await publishAgreement(t, c.admin, {
        title: 'Photo release',
        kind: 'media_release',
        per_child: true,
        body: 'You may show my child’s work.',
      });
      const waiver = await publishAgreement(t, c.admin, {
        title: 'Studio waiver',
        kind: 'waiver',
        body: 'Paint stains happen.',
      });
      agreementsMade = { release: release.versionId, waiver: waiver.versionId };
    }
    const signer = `${f.marker} Signer`;
    const one = await sign(t, asPerson(f.user), agreementsMade.release, kid, signer);
    expect(one.statusCode, one.body).toBe(201);
    const two = await sign(t, asPerson(f.user), agreementsMade.waiver, undefined, signer);
    expect(two.statusCode, two.body).toBe(201);
  }

  /** A second guardian (their own account, no marker in it) invited by the family and accepted. */
  async function acceptedGuardian(f: MarkedFamily) {
    const guardian = await signedInUser(t, 'student', { name: 'Gus Guardian' });
    const invited = await t.app.inject({
      method: 'POST',
      url: GUARDIANS_API.guardians,
      headers: bearer(f.user.jwt),
      payload: { email: guardian.email },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await latestMail(t.app, guardian.email, 'guardian_invitation');
    const accepted = await t.app.inject({
      method: 'POST',
      url: GUARDIANS_API.accept,
      headers: bearer(guardian.jwt),
      payload: { token: tokenFromMail(mail, '/guardian_invitation/') },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return guardian;
  }

  /** The stored files of a family's images (posts, or pickup people's photos), by path, with their bytes. */
  async function storedImageFiles(userId: number, of: 'posts' | 'pickups' = 'posts') {
    const rows = await t.database.db.execute(
      of === 'posts'
        ? sql`
      select i.key, i.original_key from images i
      join post_images pi on pi.image_id = i.id
      join posts p on p.id = pi.post_id
      join attendee_profiles a on a.id = p.attendee_profile_id
      where a.user_id = ${userId}`
        : sql`
      select i.key, i.original_key from images i
      join authorised_pickups ap on ap.photo_image_id = i.id
      join attendee_profiles a on a.id = ap.attendee_profile_id
      where a.user_id = ${userId}`,
    );
    const keys = (
      rows as unknown as { rows: { key: string | null; original_key: string | null }[] }
    ).rows;
    const files = new Map<string, Buffer>();
    for (const row of keys) {
      const paths = row.key
        ? [`${row.key}.webp`, `${row.key}-thumb.webp`]
        : [row.original_key ?? ''];
      // A kept upload of a processed pickup photo is the family's too.
      if (of === 'pickups' && row.key && row.original_key) paths.push(row.original_key);
      for (const path of paths) {
        const data = await t.app.storage.get(path);
        if (data) files.set(path, data);
      }
    }
    return files;
  }

  const getExport = (who: SignedInUser | null) =>
    t.app.inject({
      method: 'GET',
      url: ACCOUNT_DATA_API.export,
      headers: who ? bearer(who.jwt) : {},
    });

  it('answers a small family at once with a ZIP of its data, images byte for byte as stored', async () => {
    const f = await markedFamily(t);
    const postId = await postArtwork(f, f.kids[0], `${f.marker} caption`);
    const orderId = await paidOrderOf(f);
    const pickupId = await fillCard(f, f.kids[0]);
    await signAgreements(f, f.kids[0]);
    const guardian = await acceptedGuardian(f);
    // An absence reported for a session, and a make-up credit staff gave for it.
    const [klass] = await t.database.db.select({ id: klasses.id }).from(klasses).limit(1);
    const kid = f.kids[0] as number;
    await t.database.db
      .insert(absences)
      .values({ klassId: klass?.id as number, attendeeProfileId: kid, reason: `${f.marker} ill` });
    await t.database.db.insert(makeupCredits).values({
      attendeeProfileId: kid,
      source: 'staff',
      reason: `${f.marker} granted`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const [group] = await t.database.db.select({ id: klassGroups.id }).from(klassGroups).limit(1);
    await t.database.db.insert(trialBookings).values({
      klassId: klass?.id as number,
      klassGroupId: group?.id as number,
      attendeeProfileId: kid,
      userId: f.user.id,
      price: 1500,
      status: 'booked',
      creditUntil: new Date(Date.now() + 86_400_000),
    });
    // A class pass the family bought.
    const purchase = await givePurchase(t, f.user.id, { klassGroupIds: [], visits: 3 });
    await t.database.db
      .update(passPurchases)
      .set({ name: `${f.marker} pass` })
      .where(eq(passPurchases.id, purchase));
    // The first child moved from the booked schedule to another, 5.00 more.
    const other = await programmeWithSchedule(t, c);
    const [booked] = await t.database.db
      .select({ id: enrollments.id, scheduleId: enrollments.scheduleId })
      .from(enrollments)
      .where(eq(enrollments.attendeeProfileId, kid));
    const moved = await enrolled(t, Number(other.scheduleId), kid);
    await t.database.db.insert(enrollmentTransfers).values({
      fromEnrollmentId: booked?.id as number,
      toEnrollmentId: moved,
      attendeeProfileId: kid,
      fromScheduleId: booked?.scheduleId as number,
      toScheduleId: Number(other.scheduleId),
      planId: Number(other.planId),
      oldValue: 3000,
      newPrice: 3500,
      difference: 500,
      currency: 'usd',
    });
    const stranger = await markedFamily(t);
    await postArtwork(stranger, stranger.kids[0], `${stranger.marker} caption`);
    await fillCard(stranger, stranger.kids[0]);
    await paidOrderOf(stranger);

    const res = await getExport(f.user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const json = (name: string) => JSON.parse(Buffer.from(zip[name] ?? []).toString('utf8'));

    expect(json('profile.json')).toMatchObject({ id: f.user.id, name: f.parentName });
    expect(json('children.json').map((k: { name: string }) => k.name)).toEqual(f.childNames);
    expect(json('cards.json')).toEqual([{ brand: 'visa', last4: '4242' }]);
    const [order] = json('orders.json');
    expect(order).toMatchObject({ id: orderId, status: 'paid' });
    expect(order.items[0].attendees.map((a: { name: string }) => a.name).sort()).toEqual(
      [...f.childNames].sort(),
    );
    expect(json('ledger.json').map((e: { kind: string }) => e.kind)).toEqual(['charge', 'payment']);
    // Both children's places (the stranger's are not here) and the first child's move.
    const places = json('enrollments.json');
    expect(
      places.enrollments.map((e: { attendee_profile_id: number; status: string }) => [
        e.attendee_profile_id,
        e.status,
      ]),
    ).toEqual([
      [kid, 'active'],
      [f.kids[1], 'active'],
      [kid, 'active'],
    ]);
    expect(places.transfers).toMatchObject([
      {
        attendee_profile_id: kid,
        from_enrollment_id: booked?.id,
        to_enrollment_id: moved,
        difference: 500,
        currency: 'usd',
      },
    ]);
    expect(places.transfers[0].from_schedule_name).toEqual(expect.any(String));
    expect(places.transfers[0].to_schedule_name).toEqual(expect.any(String));
    expect(json('messages.json')).toEqual([]);
    const posts = json('gallery/posts.json');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ id: Number(postId), caption: `${f.marker} caption` });

    // The image in the ZIP is the stored file itself.
    const stored = await storedImageFiles(f.user.id);
    const imageFile = posts[0].images[0].file as string;
    const inZip = zip[imageFile];
    expect(inZip).toBeDefined();
    const display = [...stored.entries()].find(([path]) => !path.endsWith('-thumb.webp'));
    expect(Buffer.from(inZip ?? []).equals(display?.[1] ?? Buffer.alloc(0))).toBe(true);

    // The child's card: contacts, allergies and notes, the pickup person with their photo as
    // stored, and the admin's read of the notes.
    const [card, otherCard] = json('child_cards/cards.json');
    expect(card).toMatchObject({
      attendee_profile_id: f.kids[0],
      emergency_contacts: [{ name: `${f.marker} Contact`, phone: '+12125550100' }],
      allergies: `${f.marker} peanuts`,
      medical_notes: `${f.marker} inhaler`,
      authorised_pickups: [{ id: pickupId, name: `${f.marker} Pickup`, relation: 'neighbour' }],
      medical_access_log: [{ viewer_name: 'Ada Admin', viewer_role: 'admin', place: 'profile' }],
    });
    expect(otherCard).toMatchObject({ attendee_profile_id: f.kids[1], authorised_pickups: [] });
    const photoFile = card.authorised_pickups[0].photo as string;
    const [pickupImage] = (
      (await t.database.db.execute(sql`
        select i.key, i.original_key from images i
        join authorised_pickups ap on ap.photo_image_id = i.id where ap.id = ${pickupId}`)) as unknown as {
        rows: { key: string | null; original_key: string | null }[];
      }
    ).rows;
    const photoStored = await t.app.storage.get(
      pickupImage?.original_key ?? `${pickupImage?.key}.webp`,
    );
    expect(photoStored).toBeDefined();
    expect(Buffer.from(zip[photoFile] ?? []).equals(photoStored ?? Buffer.alloc(1))).toBe(true);

    // The signatures, with the exact text signed.
    const signatures = json('agreement_signatures.json');
    expect(signatures).toHaveLength(2);
    expect(signatures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          agreement: 'Photo release',
          kind: 'media_release',
          version: 1,
          body: 'You may show my child’s work.',
          child: f.childNames[0],
          signer_name: `${f.marker} Signer`,
          withdrawn_at: null,
        }),
        expect.objectContaining({
          agreement: 'Studio waiver',
          kind: 'waiver',
          child: null,
          signer_name: `${f.marker} Signer`,
        }),
      ]),
    );
    expect(typeof signatures[0].ip).toBe('string');

    const makeups = json('makeups.json');
    expect(makeups.absences).toMatchObject([
      { attendee_profile_id: kid, reason: `${f.marker} ill` },
    ]);
    expect(makeups.makeup_credits).toMatchObject([
      { attendee_profile_id: kid, source: 'staff', reason: `${f.marker} granted`, used_at: null },
    ]);
    expect(makeups.makeup_bookings).toEqual([]);
    expect(json('trials.json')).toMatchObject([
      { attendee_profile_id: kid, price: 1500, status: 'booked' },
    ]);

    const passes = json('passes.json');
    expect(passes.pass_purchases).toMatchObject([
      { id: purchase, name: `${f.marker} pass`, visits: 3, visits_left: 3 },
    ]);
    expect(passes.drop_ins).toEqual([]);

    // The second guardian; the family's own account is nobody's guardian.
    const guardians = json('guardians.json');
    expect(guardians.guardians).toMatchObject([
      { email: guardian.email, guardian_user_id: guardian.id },
    ]);
    expect(guardians.guardians[0].accepted_at).not.toBeNull();
    expect(guardians.you_are_guardian_of).toBeNull();

    // The guardian's export is of the family they act for, and says whose guardian they are.
    const theirs = await getExport(guardian);
    expect(theirs.statusCode).toBe(200);
    const theirZip = unzipSync(new Uint8Array(theirs.rawPayload));
    const theirJson = (name: string) =>
      JSON.parse(Buffer.from(theirZip[name] ?? []).toString('utf8'));
    expect(theirJson('profile.json')).toMatchObject({ id: f.user.id });
    expect(theirJson('children.json').map((k: { name: string }) => k.name)).toEqual(f.childNames);
    expect(theirJson('guardians.json').you_are_guardian_of).toMatchObject({
      family_user_id: f.user.id,
    });
    // Nothing of another family.
    const all = Object.keys(zip)
      .map((name) => Buffer.from(zip[name] ?? []).toString('latin1'))
      .join('\n');
    expect(all).not.toContain(stranger.marker);
  });

  it('is the signed-in family’s own: 401 without a session', async () => {
    expect((await getExport(null)).statusCode).toBe(401);
  });

  it('prepares a large family’s export in the background and mails a working link that expires', async () => {
    const big = await createTestApp({ ACCOUNT_EXPORT_DIRECT_MAX_IMAGES: '1' });
    try {
      const bigCast = await cast(big);
      await programmeWithSchedule(big, bigCast);
      const f = await (async () => {
        const saved = t;
        t = big;
        try {
          const family = await markedFamily(big);
          await postArtwork(family, family.kids[0], 'two', 2);
          return family;
        } finally {
          t = saved;
        }
      })();
      const res = await big.app.inject({
        method: 'GET',
        url: ACCOUNT_DATA_API.export,
        headers: bearer(f.user.jwt),
      });
      expect(res.statusCode).toBe(202);
      const accepted = accountExportAcceptedSchema.parse(res.json());
      expect(accepted.data.attributes.status).toBe('pending');
      await big.app.accountExports.sweep();

      const mail = await latestMail(big.app, f.user.email, 'account_export_ready');
      const link = mail?.links.find((l) => l.includes('/api/v1/account/exports/'));
      expect(link).toBeDefined();
      const url = new URL(link ?? '');
      const download = await big.app.inject({ method: 'GET', url: url.pathname });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      const zip = unzipSync(new Uint8Array(download.rawPayload));
      expect(Object.keys(zip).filter((n) => n.startsWith('gallery/post-'))).toHaveLength(2);

      // A forged token is refused, and the real one once it has run out.
      const token = url.pathname.split('/').at(-1) ?? '';
      const forged = await big.app.inject({
        method: 'GET',
        url: ACCOUNT_DATA_API.exportDownload(`${token.slice(0, -2)}xx`),
      });
      expect(forged.statusCode).toBe(404);
      await big.database.db
        .update(accountExports)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountExports.id, Number(accepted.data.id)));
      const expired = await big.app.inject({ method: 'GET', url: url.pathname });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().errors[0].meta.reason).toBe('expired');
      // The sweep removes the expired file.
      const [row] = await big.database.db
        .select()
        .from(accountExports)
        .where(eq(accountExports.id, Number(accepted.data.id)));
      await big.app.accountExports.sweep();
      expect(await big.app.storage.get(row?.fileKey ?? '')).toBeUndefined();
    } finally {
      await big.close();
    }
  });

  it('still refuses to remove one family member who is on an order (only the account deletion lets go)', async () => {
    const f = await markedFamily(t);
    await paidOrderOf(f, false);
    const res = await t.app.inject({
      method: 'DELETE',
      url: FAMILY_API.attendeeProfile(f.user.id, f.kids[0]),
      headers: bearer(f.user.jwt),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].meta.reason).toBe('in_use');
  });

  const requestDeletion = (who: SignedInUser, password: unknown) =>
    t.app.inject({
      method: 'DELETE',
      url: ACCOUNT_DATA_API.account,
      headers: bearer(who.jwt),
      payload: { password },
    });

  it('asks for the password: 422 on password when it is wrong or missing, and nothing is mailed', async () => {
    const f = await markedFamily(t);
    const wrong = await requestDeletion(f.user, 'not my password at all');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0]).toMatchObject({
      meta: { field: 'password' },
      detail: ACCOUNT_DATA_MESSAGES.passwordIncorrect,
    });
    expect((await requestDeletion(f.user, '')).statusCode).toBe(422);
    // Staff accounts are not deleted this way.
    const teacher = await signedInUser(t, 'teacher');
    expect((await requestDeletion(teacher, teacher.password)).statusCode).toBe(403);
    expect(await latestMail(t.app, f.user.email, 'account_deletion_confirm')).toBeUndefined();
  });

  it('deletes a family by the mailed link: nothing names them or their children afterwards, orders and ledger stay', async () => {
    const f = await markedFamily(t);
    await postArtwork(f, f.kids[0], `${f.marker} sunflowers`, 2);
    await postArtwork(f, f.kids[1], `${f.childNames[1]}'s boat`);
    const orderId = await paidOrderOf(f);
    // The family's words elsewhere: a comment on another family's work, the notice it sent them,
    // and a class message they were sent.
    const other = await markedFamily(t);
    const otherPost = Number(await postArtwork(other, other.kids[0], 'other work'));
    await t.database.db
      .insert(comments)
      .values({ postId: otherPost, authorId: f.user.id, body: `Lovely! ${f.parentName}` });
    await t.database.db.insert(notifications).values({
      recipientId: other.user.id,
      senderId: f.user.id,
      title: 'A new comment',
      content: `${f.parentName}: Lovely!`,
      recordType: 'comments',
      recordId: otherPost,
    });
    const [message] = await t.database.db
      .insert(messages)
      .values({ senderId: c.teacher.id, audience: 'users', title: 'Hello', body: 'See you' })
      .returning({ id: messages.id });
    await t.database.db
      .insert(messageRecipients)
      .values({ messageId: message?.id ?? 0, recipientId: f.user.id });
    // The child's card, signed agreements and an accepted second guardian.
    await fillCard(f, f.kids[0]);
    await fillCard(f, f.kids[1]);
    await signAgreements(f, f.kids[0]);
    const guardian = await acceptedGuardian(f);
    // A make-up's session seat held for the family: it goes with them (the scan below finds its
    // key by the marker if it stays).
    await holdSessionSeat(t.app.db, {
      scheduleId: Number(schedule.scheduleId),
      userId: f.user.id,
      holderKey: `makeup:${f.marker}`,
      until: new Date(Date.now() + 86_400_000),
    });
    // A class pass named with the marker: it goes with them (the scan below finds it if it stays).
    const purchase = await givePurchase(t, f.user.id, { klassGroupIds: [], visits: 3 });
    await t.database.db
      .update(passPurchases)
      .set({ name: `${f.marker} pass` })
      .where(eq(passPurchases.id, purchase));
    const storedBefore = await storedImageFiles(f.user.id);
    expect(storedBefore.size).toBe(6);
    const pickupPhotos = await storedImageFiles(f.user.id, 'pickups');
    expect(pickupPhotos.size).toBeGreaterThanOrEqual(4);
    const hashes = new Set(
      [...storedBefore.values(), ...pickupPhotos.values()].map((d) =>
        createHash('sha256').update(d).digest('hex'),
      ),
    );
    const ledgerBefore = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, f.user.id));
    expect(ledgerBefore.length).toBeGreaterThan(0);

    const asked = await requestDeletion(f.user, f.user.password);
    expect(asked.statusCode).toBe(202);
    // Nothing is deleted until the link is opened.
    expect(
      (await t.app.inject({ method: 'GET', url: USERS_API.me, headers: bearer(f.user.jwt) }))
        .statusCode,
    ).toBe(200);
    const mail = await latestMail(t.app, f.user.email, 'account_deletion_confirm');
    const token = tokenFromMail(mail, '/account_settings/delete/');

    const confirm = await t.app.inject({ method: 'PUT', url: ACCOUNT_DATA_API.deletion(token) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    // The link works once.
    const again = await t.app.inject({ method: 'PUT', url: ACCOUNT_DATA_API.deletion(token) });
    expect(again.statusCode).toBe(410);
    expect(again.json().errors[0].meta.reason).toBe('used');
    const forged = await t.app.inject({
      method: 'PUT',
      url: ACCOUNT_DATA_API.deletion(`${token.slice(0, -2)}xx`),
    });
    expect(forged.statusCode).toBe(404);

    // Every text and JSON column of every table: no marker left.
    const columns = (
      (await t.database.db.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`)) as unknown as {
        rows: { table_name: string; column_name: string }[];
      }
    ).rows;
    expect(columns.length).toBeGreaterThan(20);
    const found: string[] = [];
    const needles = [f.marker.toLowerCase()];
    for (const { table_name, column_name } of columns) {
      for (const needle of needles) {
        const hit = (
          (await t.database.db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table_name)} where lower(${sql.identifier(column_name)}::text) like ${`%${needle}%`}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n;
        if (hit) found.push(`${table_name}.${column_name}`);
      }
    }
    expect(found).toEqual([]);
    const copies = await t.database.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.recipientId, f.user.id));
    expect(copies).toEqual([]);

    // No stored file is any of the family's images.
    const left: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (
          hashes.has(
            createHash('sha256')
              .update(await readFile(path))
              .digest('hex'),
          )
        ) {
          left.push(path);
        }
      }
    };
    await walk(storageRoot());
    expect(left).toEqual([]);
    const imageRows = await t.database.db.select({ id: images.id }).from(images);
    expect(imageRows.length).toBeGreaterThan(0); // the other families' images are still there
    expect((await storedImageFiles(f.user.id, 'pickups')).size).toBe(0);

    // No signature of the family and no guardian link is left; the guardian's own account stays
    // and acts for itself again.
    expect(
      await t.database.db
        .select()
        .from(agreementSignatures)
        .where(eq(agreementSignatures.familyUserId, f.user.id)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(familyGuardians)
        .where(
          sql`${familyGuardians.familyUserId} = ${f.user.id} or ${familyGuardians.guardianUserId} = ${guardian.id}`,
        ),
    ).toEqual([]);
    const guardianMe = await t.app.inject({
      method: 'GET',
      url: USERS_API.me,
      headers: bearer(guardian.jwt),
    });
    expect(guardianMe.statusCode).toBe(200);
    const guardianExport = unzipSync(new Uint8Array((await getExport(guardian)).rawPayload));
    expect(
      JSON.parse(Buffer.from(guardianExport['profile.json'] ?? []).toString('utf8')),
    ).toMatchObject({ id: guardian.id, name: 'Gus Guardian' });

    // The order and its ledger entries stay, named "Deleted family #id"; the ledger still adds up.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('paid');
    const attendees = await t.database.db
      .select()
      .from(orderItemAttendees)
      .where(
        sql`${orderItemAttendees.orderItemId} in (select id from order_items where order_id = ${orderId})`,
      );
    expect(attendees.map((a) => [a.name, a.attendeeProfileId])).toEqual([
      [deletedFamilyName(f.user.id), null],
      [deletedFamilyName(f.user.id), null],
    ]);
    const ledgerAfter = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, f.user.id));
    expect(ledgerAfter).toEqual(ledgerBefore);
    const staffLedger = await t.app.inject({
      method: 'GET',
      url: LEDGER_API.customerLedger(f.user.id),
      headers: as(c.admin),
    });
    expect(staffLedger.statusCode).toBe(200);
    const doc = ledgerDocumentSchema.parse(staffLedger.json());
    expect(doc.meta.balance).toBe(ledgerBefore.reduce((s, e) => s + e.amount, 0));
    const list = adminOrderListDocumentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `${ADMIN_ORDERS_API.orders}?search=${orderId}`,
          headers: as(c.admin),
        })
      ).json(),
    );
    const listed = list.data.find((o) => o.id === String(orderId));
    expect(listed?.attributes.customer?.name).toBe(deletedFamilyName(f.user.id));

    // Signed out everywhere, and no way back in; the address is free to register again.
    expect(
      (await t.app.inject({ method: 'GET', url: USERS_API.me, headers: bearer(f.user.jwt) }))
        .statusCode,
    ).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: USERS_API.signIn,
      payload: { user: { email: f.user.email, password: f.user.password } },
    });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    const again2 = await signedInUser(t, 'student', { email: f.user.email });
    expect(again2.id).not.toBe(f.user.id);
  });

  it('lets a guardian delete their own account and link, never the family they act for', async () => {
    const f = await markedFamily(t);
    await fillCard(f, f.kids[0]);
    const guardian = await acceptedGuardian(f);
    // A comment the guardian wrote for the family, signed with their name.
    const post = Number(await postArtwork(f, f.kids[0], 'family work'));
    const [signed] = await t.database.db
      .insert(comments)
      .values({ postId: post, authorId: f.user.id, writtenById: guardian.id, body: 'So proud!' })
      .returning({ id: comments.id });
    // And one the holder is rewriting, its approved words still the guardian's meanwhile.
    const [rewritten] = await t.database.db
      .insert(comments)
      .values({
        postId: post,
        authorId: f.user.id,
        body: 'So very proud!',
        status: 'pending',
        approvedBody: 'Proud!',
        approvedWrittenById: guardian.id,
      })
      .returning({ id: comments.id });
    const asked = await requestDeletion(guardian, guardian.password);
    expect(asked.statusCode, asked.body).toBe(202);
    // The link goes to the guardian, not to the family's address.
    expect(await latestMail(t.app, f.user.email, 'account_deletion_confirm')).toBeUndefined();
    const mail = await latestMail(t.app, guardian.email, 'account_deletion_confirm');
    const token = tokenFromMail(mail, '/account_settings/delete/');
    const confirm = await t.app.inject({ method: 'PUT', url: ACCOUNT_DATA_API.deletion(token) });
    expect(confirm.statusCode, confirm.body).toBe(200);

    // The guardian's account is gone (anonymised, signed out) and so is their link.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, guardian.id));
    expect(row?.name).toBe(deletedFamilyName(guardian.id));
    expect(
      (await t.app.inject({ method: 'GET', url: USERS_API.me, headers: bearer(guardian.jwt) }))
        .statusCode,
    ).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(familyGuardians)
        .where(eq(familyGuardians.familyUserId, f.user.id)),
    ).toEqual([]);
    // The family is whole: its account, its children and their cards.
    expect(
      (await t.app.inject({ method: 'GET', url: USERS_API.me, headers: bearer(f.user.jwt) }))
        .statusCode,
    ).toBe(200);
    const kids = await t.database.db
      .select()
      .from(attendeeProfiles)
      .where(eq(attendeeProfiles.userId, f.user.id));
    expect(kids.map((k) => k.name).sort()).toEqual([...f.childNames].sort());
    const card = await t.app.inject({
      method: 'GET',
      url: FAMILY_API.attendeeProfile(f.user.id, f.kids[0]),
      headers: bearer(f.user.jwt),
    });
    expect(card.json().data.attributes).toMatchObject({
      allergies: `${f.marker} peanuts`,
      authorised_pickups: [{ name: `${f.marker} Pickup` }],
    });
    expect((await storedImageFiles(f.user.id, 'pickups')).size).toBeGreaterThan(0);
    // The guardian's comment stays the family's, no longer signed with the deleted account.
    const [kept] = await t.database.db
      .select()
      .from(comments)
      .where(eq(comments.id, signed?.id ?? 0));
    expect(kept).toMatchObject({ authorId: f.user.id, writtenById: null, body: 'So proud!' });
    const [keptEdit] = await t.database.db
      .select()
      .from(comments)
      .where(eq(comments.id, rewritten?.id ?? 0));
    expect(keptEdit).toMatchObject({ approvedBody: 'Proud!', approvedWrittenById: null });
  });
});
