import {
  ATTENDANCE_API,
  CHILD_CARD_MESSAGES,
  FAMILY_API,
  fieldMessages,
  ORDERS_API,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import {
  as,
  type Cast,
  enroll,
  multipartFile,
  type Person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { images } from '../media/media.tables';
import { fakePayments } from '../orders/orders-testing';
import { attendeeProfiles } from '../users/users.tables';
import { medicalAccessLog } from './child-care.tables';

// The child's card (docs/product.md#the-childs-card, docs/decisions/069-the-childs-card.md):
// written by the family through its attendee profile, shown to the family, admins and the child's
// own teachers on the roll; every staff read of the notes logged for the family; checkout refuses
// a child without an emergency contact.
describe('the child’s card', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  let schedule: { scheduleId: string; planId: string };
  let klassId: string;
  let mia: number;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    const made = await programmeWithSchedule(t, c);
    schedule = made;
    klassId = (made.schedule.included as { type: string; id: string }[]).find(
      (r) => r.type === 'klasses',
    )?.id as string;
    mia = c.parent.attendees.mia;
    await enroll(t, schedule.scheduleId, [mia]);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const put = (who: Person, userId: number, id: number, card: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: FAMILY_API.attendeeProfile(userId, id),
      headers: as(who),
      payload: { attendee_profile: card },
    });
  const get = (who: Person | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });
  const logOf = (id: number) =>
    t.database.db.select().from(medicalAccessLog).where(eq(medicalAccessLog.attendeeProfileId, id));

  it('stores phone numbers in E.164 from what a person types, and refuses invalid ones', async () => {
    const saved = await put(c.parent, c.parent.id, mia, {
      emergency_contacts: [
        { name: 'Grace Grandparent', phone: '+1 212 555 0100', relation: 'grandmother' },
        { name: 'Hiro Uncle', phone: '+81 90-1234-5678', relation: 'uncle' },
      ],
      allergies: 'Peanuts',
      medical_notes: 'Asthma: inhaler in the bag',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.attributes).toMatchObject({
      emergency_contacts: [
        { name: 'Grace Grandparent', phone: '+12125550100', relation: 'grandmother' },
        { name: 'Hiro Uncle', phone: '+819012345678', relation: 'uncle' },
      ],
      allergies: 'Peanuts',
      medical_notes: 'Asthma: inhaler in the bag',
    });

    const bad = await put(c.parent, c.parent.id, mia, {
      emergency_contacts: [
        { name: 'Grace', phone: '12345', relation: 'grandmother' },
        { name: '  ', phone: '+1 000', relation: 'aunt' },
      ],
      authorised_pickups: [{ name: 'Pat', relation: '', phone: 'call me' }],
      medical_notes: 'x'.repeat(2001),
    });
    expect(bad.statusCode).toBe(422);
    expect(fieldMessages(bad.json())).toMatchObject({
      'emergency_contacts.0.phone': CHILD_CARD_MESSAGES.invalidPhone,
      'emergency_contacts.1.name': 'Required',
      'emergency_contacts.1.phone': CHILD_CARD_MESSAGES.invalidPhone,
      'authorised_pickups.0.relation': 'Required',
      'authorised_pickups.0.phone': CHILD_CARD_MESSAGES.invalidPhone,
      medical_notes: 'Must be at most 2000 characters',
    });
    // Nothing of the refused body was written.
    const read = await get(c.parent, FAMILY_API.attendeeProfile(c.parent.id, mia));
    expect(read.json().data.attributes.emergency_contacts).toHaveLength(2);
  });

  it('keeps a pickup person (and their photo, re-encoded) across edits that name their id', async () => {
    const added = await put(c.parent, c.parent.id, mia, {
      authorised_pickups: [{ name: 'Nina Neighbour', relation: 'neighbour', phone: null }],
    });
    expect(added.statusCode).toBe(200);
    const pickupId = added.json().data.attributes.authorised_pickups[0].id as string;
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3366aa' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    const upload = multipartFile('photo', 'nina.jpg', 'image/jpeg', photo);
    const res = await t.app.inject({
      method: 'PUT',
      url: FAMILY_API.pickupPhoto(c.parent.id, mia, pickupId),
      headers: { ...as(c.parent), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.authorised_pickups[0].photo).toMatchObject({
      status: 'pending',
    });
    await t.app.media.drain();

    const renamed = await put(c.parent, c.parent.id, mia, {
      authorised_pickups: [
        { id: pickupId, name: 'Nina N.', relation: 'neighbour', phone: '+44 20 7946 0958' },
      ],
    });
    const kept = renamed.json().data.attributes.authorised_pickups[0];
    expect(kept).toMatchObject({ id: pickupId, name: 'Nina N.', phone: '+442079460958' });
    expect(kept.photo).toMatchObject({ status: 'ready' });

    // Another child's pickup id is not this child's.
    const foreign = await put(c.parent, c.parent.id, c.parent.attendees.leo, {
      authorised_pickups: [{ id: pickupId, name: 'Nina', relation: 'neighbour' }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(fieldMessages(foreign.json())).toEqual({
      'authorised_pickups.0.id': CHILD_CARD_MESSAGES.unknownPickup,
    });
  });

  it('removes the pickup people’s photos with the child', async () => {
    const [kid] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: c.parent.id, name: 'Otto Parent', birthday: '2018-01-01' })
      .returning({ id: attendeeProfiles.id });
    const otto = kid?.id as number;
    const added = await put(c.parent, c.parent.id, otto, {
      authorised_pickups: [{ name: 'Nina Neighbour', relation: 'neighbour' }],
    });
    const pickupId = added.json().data.attributes.authorised_pickups[0].id as string;
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const upload = multipartFile('photo', 'nina.png', 'image/png', photo);
    const res = await t.app.inject({
      method: 'PUT',
      url: FAMILY_API.pickupPhoto(c.parent.id, otto, pickupId),
      headers: { ...as(c.parent), ...upload.headers },
      payload: upload.payload,
    });
    const imageId = Number(res.json().data.attributes.authorised_pickups[0].photo.id);
    await t.app.media.drain();
    expect(await t.database.db.select().from(images).where(eq(images.id, imageId))).toHaveLength(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: FAMILY_API.attendeeProfile(c.parent.id, otto),
      headers: as(c.parent),
    });
    expect(removed.statusCode).toBe(204);
    expect(await t.database.db.select().from(images).where(eq(images.id, imageId))).toEqual([]);
  });

  it('shows the roll’s teacher the allergy flag and notes, logging the read; other teachers get 403', async () => {
    await t.database.db.delete(medicalAccessLog);
    const roll = await get(c.teacher, ATTENDANCE_API.klass(klassId));
    expect(roll.statusCode).toBe(200);
    const entry = roll
      .json()
      .data.attributes.attendees.find(
        (a: { attendee_profile_id: string }) => a.attendee_profile_id === String(mia),
      );
    expect(entry).toMatchObject({
      has_allergies: true,
      allergies: 'Peanuts',
      medical_notes: 'Asthma: inhaler in the bag',
    });
    const log = await logOf(mia);
    expect(log).toMatchObject([{ viewerId: c.teacher.id, viewerRole: 'teacher', place: 'roll' }]);

    expect((await get(c.otherTeacher, ATTENDANCE_API.klass(klassId))).statusCode).toBe(403);
    // A teacher never reads a family's page, not even their student's.
    expect((await get(c.teacher, FAMILY_API.attendeeProfile(c.parent.id, mia))).statusCode).toBe(
      403,
    );
    expect((await logOf(mia)).length).toBe(1);
  });

  it('logs an admin’s read of the family page, not the family’s own; the family reads the log', async () => {
    await t.database.db.delete(medicalAccessLog);
    expect((await get(c.parent, FAMILY_API.attendeeProfile(c.parent.id, mia))).statusCode).toBe(
      200,
    );
    expect(await logOf(mia)).toEqual([]);
    const asAdmin = await get(c.admin, FAMILY_API.attendeeProfiles(c.parent.id));
    expect(asAdmin.statusCode).toBe(200);
    await get(c.teacher, ATTENDANCE_API.klass(klassId));

    const log = await get(c.parent, FAMILY_API.medicalAccessLog(c.parent.id, mia));
    expect(log.statusCode).toBe(200);
    expect(
      log
        .json()
        .data.map((r: { attributes: { place: string; viewer_name: string } }) => [
          r.attributes.place,
          r.attributes.viewer_name,
        ]),
    ).toEqual([
      ['roll', 'Theo Teacher'],
      ['profile', 'Ada Admin'],
    ]);
    // Leo has no notes or allergies: nothing of his was shown, nothing logged.
    expect(await logOf(c.parent.attendees.leo)).toEqual([]);
    // Another family, and a teacher, may not read it.
    expect((await get(c.student, FAMILY_API.medicalAccessLog(c.parent.id, mia))).statusCode).toBe(
      403,
    );
    expect((await get(c.teacher, FAMILY_API.medicalAccessLog(c.parent.id, mia))).statusCode).toBe(
      403,
    );
    expect((await get(null, FAMILY_API.medicalAccessLog(c.parent.id, mia))).statusCode).toBe(401);
  });

  it('refuses checkout naming a child with no emergency contact, and books once one is added', async () => {
    const [kid] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: c.parent.id, name: 'Ruby Parent', birthday: '2017-05-05' })
      .returning({ id: attendeeProfiles.id });
    const ruby = kid?.id as number;
    await addToCart(t, c.parent.id, {
      scheduleId: schedule.scheduleId,
      planId: schedule.planId,
      attendeeIds: [ruby],
    });
    const checkout = () =>
      t.app.inject({
        method: 'POST',
        url: ORDERS_API.orders,
        headers: { ...as(c.parent), 'idempotency-key': `ruby-${Date.now()}` },
      });
    const refused = await checkout();
    expect(refused.statusCode).toBe(422);
    expect(fieldMessages(refused.json())).toEqual({
      [`attendee_profiles.${ruby}.emergency_contacts`]:
        CHILD_CARD_MESSAGES.emergencyContactNeeded('Ruby Parent'),
    });
    await put(c.parent, c.parent.id, ruby, {
      emergency_contacts: [{ name: 'Grace', phone: '+1 212 555 0100', relation: 'grandmother' }],
    });
    expect((await checkout()).statusCode).toBe(201);
  });
});
