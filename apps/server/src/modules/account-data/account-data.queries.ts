import { aliasedTable, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  agreementSignatures,
  agreements,
  agreementVersions,
} from '../agreements/agreements.tables';
import {
  billingCharges,
  billingPayments,
  monthlyEnrollments,
  paymentMethods,
} from '../billing/billing.tables';
import {
  authorisedPickups,
  childMedical,
  emergencyContacts,
  medicalAccessLog,
} from '../child-care/child-care.tables';
import { klassGroupSchedules, klassGroups } from '../classes/classes.tables';
import { enrollments } from '../enrollments/enrollments.tables';
import { familyGuardians } from '../family/family.tables';
import { comments, postImages, posts } from '../gallery/gallery.tables';
import { ledgerEntries } from '../ledger/ledger.tables';
import { absences, makeupBookings, makeupCredits } from '../makeups/makeups.tables';
import { images } from '../media/media.tables';
import { messageRecipients, messages } from '../messages/messages.tables';
import { orderItemAttendees, orderItems, orders } from '../orders/orders.tables';
import { dropIns, passPurchases } from '../passes/passes.tables';
import { payments } from '../payments/payments.tables';
import { enrollmentTransfers } from '../transfers/transfers.tables';
import { trialBookings } from '../trials/trials.tables';
import { attendeeProfiles, users } from '../users/users.tables';

// The reads of a family's data export over the tables of the modules that hold it
// (docs/decisions/072-a-familys-data-is-theirs.md). Reads only: each module erases its own part.

export async function profileOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      timezone: users.timezone,
      locale: users.locale,
      class_reminders: users.classReminders,
      confirmed_at: users.confirmedAt,
      created_at: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export function childrenOf(db: Db, userId: number) {
  return db
    .select({
      id: attendeeProfiles.id,
      name: attendeeProfiles.name,
      birthday: attendeeProfiles.birthday,
      is_account_holder: attendeeProfiles.isAccountHolder,
      gallery_visibility: attendeeProfiles.galleryVisibility,
      comments_need_approval: attendeeProfiles.commentsNeedApproval,
      created_at: attendeeProfiles.createdAt,
    })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.userId, userId))
    .orderBy(asc(attendeeProfiles.id));
}

/** The cards that paid the family's orders, as the provider described them (brand, last four). */
export async function cardsOf(db: Db, userId: number) {
  const rows = await db
    .selectDistinct({ brand: payments.cardBrand, last4: payments.cardLast4 })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.userId, userId));
  return rows.filter((r) => r.last4 !== null);
}

export async function ordersOf(db: Db, userId: number) {
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.id));
  const ids = orderRows.map((o) => o.id);
  const items = ids.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids))
    : [];
  const itemIds = items.map((i) => i.id);
  const attendees = itemIds.length
    ? await db
        .select()
        .from(orderItemAttendees)
        .where(inArray(orderItemAttendees.orderItemId, itemIds))
    : [];
  return orderRows.map((o) => ({
    id: o.id,
    status: o.status,
    currency: o.currency,
    subtotal: o.subtotal,
    discount: o.discount,
    total: o.total,
    credit_applied: o.creditApplied,
    paid_at: o.paidAt,
    created_at: o.createdAt,
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        id: i.id,
        number_of_attendees: i.numberOfAttendees,
        subtotal: i.subtotal,
        discount: i.discount,
        total: i.total,
        coupon_code: i.couponCode,
        snapshot: i.snapshot,
        attendees: attendees
          .filter((a) => a.orderItemId === i.id)
          .map((a) => ({ attendee_profile_id: a.attendeeProfileId, name: a.name })),
      })),
  }));
}

export function ledgerOf(db: Db, userId: number) {
  return db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      currency: ledgerEntries.currency,
      method: ledgerEntries.method,
      description: ledgerEntries.description,
      order_id: ledgerEntries.orderId,
      created_at: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(asc(ledgerEntries.id));
}

export function messagesOf(db: Db, userId: number) {
  return db
    .select({
      id: messages.id,
      title: messages.title,
      body: messages.body,
      sent_at: messages.createdAt,
      read_at: messageRecipients.readAt,
    })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(eq(messageRecipients.recipientId, userId))
    .orderBy(asc(messages.id));
}

/** The children's posts with their comments and their images' stored files. */
export async function galleryOf(db: Db, userId: number) {
  const postRows = await db
    .select({
      id: posts.id,
      attendee_profile_id: posts.attendeeProfileId,
      caption: posts.caption,
      created_at: posts.createdAt,
    })
    .from(posts)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, posts.attendeeProfileId))
    .where(eq(attendeeProfiles.userId, userId))
    .orderBy(asc(posts.id));
  const ids = postRows.map((p) => p.id);
  if (ids.length === 0) return [];
  const imageRows = await db
    .select({
      postId: postImages.postId,
      imageId: images.id,
      position: postImages.position,
      key: images.key,
      originalKey: images.originalKey,
    })
    .from(postImages)
    .innerJoin(images, eq(images.id, postImages.imageId))
    .where(inArray(postImages.postId, ids))
    .orderBy(asc(postImages.postId), asc(postImages.position));
  const commentRows = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      body: comments.body,
      created_at: comments.createdAt,
    })
    .from(comments)
    .where(inArray(comments.postId, ids))
    .orderBy(asc(comments.id));
  return postRows.map((p) => ({
    ...p,
    images: imageRows.filter((i) => i.postId === p.id),
    comments: commentRows
      .filter((c) => c.postId === p.id)
      .map((c) => ({ id: c.id, body: c.body, created_at: c.created_at })),
  }));
}

/**
 * Each child's card (docs/decisions/069-the-childs-card.md): contacts, allergies and notes, pickup
 * people with their photo's image, and which staff member was shown the notes, when and where.
 */
export async function childCardsOf(db: Db, userId: number) {
  const kids = await db
    .select({ id: attendeeProfiles.id, name: attendeeProfiles.name })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.userId, userId))
    .orderBy(asc(attendeeProfiles.id));
  const ids = kids.map((k) => k.id);
  if (ids.length === 0) return [];
  const contacts = await db
    .select()
    .from(emergencyContacts)
    .where(inArray(emergencyContacts.attendeeProfileId, ids))
    .orderBy(asc(emergencyContacts.position));
  const medical = await db
    .select()
    .from(childMedical)
    .where(inArray(childMedical.attendeeProfileId, ids));
  const pickups = await db
    .select({
      id: authorisedPickups.id,
      attendeeProfileId: authorisedPickups.attendeeProfileId,
      name: authorisedPickups.name,
      relation: authorisedPickups.relation,
      phone: authorisedPickups.phone,
      imageId: images.id,
      key: images.key,
      originalKey: images.originalKey,
    })
    .from(authorisedPickups)
    .leftJoin(images, eq(images.id, authorisedPickups.photoImageId))
    .where(inArray(authorisedPickups.attendeeProfileId, ids))
    .orderBy(asc(authorisedPickups.position));
  const log = await db
    .select()
    .from(medicalAccessLog)
    .where(inArray(medicalAccessLog.attendeeProfileId, ids))
    .orderBy(asc(medicalAccessLog.viewedAt), asc(medicalAccessLog.id));
  return kids.map((k) => {
    const notes = medical.find((m) => m.attendeeProfileId === k.id);
    return {
      attendee_profile_id: k.id,
      name: k.name,
      emergency_contacts: contacts
        .filter((c) => c.attendeeProfileId === k.id)
        .map((c) => ({ name: c.name, phone: c.phone, relation: c.relation })),
      allergies: notes?.allergies ?? '',
      medical_notes: notes?.medicalNotes ?? '',
      medical_updated_at: notes?.updatedAt ?? null,
      authorised_pickups: pickups.filter((p) => p.attendeeProfileId === k.id),
      medical_access_log: log
        .filter((l) => l.attendeeProfileId === k.id)
        .map((l) => ({
          viewed_at: l.viewedAt,
          viewer_name: l.viewerName,
          viewer_role: l.viewerRole,
          place: l.place,
        })),
    };
  });
}

/** The family's agreement signatures, each with the exact version's text it agreed to. */
export function signaturesOf(db: Db, userId: number) {
  return db
    .select({
      id: agreementSignatures.id,
      agreement: agreements.title,
      kind: agreements.kind,
      version: agreementVersions.version,
      body: agreementVersions.body,
      attendee_profile_id: agreementSignatures.attendeeProfileId,
      child: attendeeProfiles.name,
      signer_name: agreementSignatures.signerName,
      signed_at: agreementSignatures.signedAt,
      ip: agreementSignatures.ip,
      withdrawn_at: agreementSignatures.withdrawnAt,
    })
    .from(agreementSignatures)
    .innerJoin(agreements, eq(agreements.id, agreementSignatures.agreementId))
    .innerJoin(agreementVersions, eq(agreementVersions.id, agreementSignatures.agreementVersionId))
    .leftJoin(attendeeProfiles, eq(attendeeProfiles.id, agreementSignatures.attendeeProfileId))
    .where(eq(agreementSignatures.familyUserId, userId))
    .orderBy(asc(agreementSignatures.id));
}

/**
 * The family's second guardians and invitations (decision 071), and the family the person asking
 * is a guardian of, if any (a guardian's export is of the family they act for).
 */
export async function guardiansOf(db: Db, familyId: number, personId: number) {
  const rows = await db
    .select({
      email: familyGuardians.email,
      guardian_user_id: familyGuardians.guardianUserId,
      invited_at: familyGuardians.invitedAt,
      accepted_at: familyGuardians.acceptedAt,
      expires_at: familyGuardians.expiresAt,
    })
    .from(familyGuardians)
    .where(eq(familyGuardians.familyUserId, familyId))
    .orderBy(asc(familyGuardians.id));
  const [guardianOf] = await db
    .select({
      family_user_id: familyGuardians.familyUserId,
      accepted_at: familyGuardians.acceptedAt,
    })
    .from(familyGuardians)
    .where(eq(familyGuardians.guardianUserId, personId));
  return {
    guardians: rows.map((r) => ({ ...r, expires_at: r.accepted_at ? null : r.expires_at })),
    you_are_guardian_of: guardianOf ?? null,
  };
}

/** The family's reported absences, make-up credits and the make-ups booked with them. */
export async function makeupsOf(db: Db, userId: number) {
  const children = db
    .select({ id: attendeeProfiles.id })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.userId, userId));
  const [reported, credits, bookings] = await Promise.all([
    db
      .select({
        attendee_profile_id: absences.attendeeProfileId,
        klass_id: absences.klassId,
        reason: absences.reason,
        created_at: absences.createdAt,
      })
      .from(absences)
      .where(inArray(absences.attendeeProfileId, children))
      .orderBy(asc(absences.id)),
    db
      .select({
        id: makeupCredits.id,
        attendee_profile_id: makeupCredits.attendeeProfileId,
        origin_klass_id: makeupCredits.originKlassId,
        source: makeupCredits.source,
        reason: makeupCredits.reason,
        expires_at: makeupCredits.expiresAt,
        used_at: makeupCredits.usedAt,
        revoked_at: makeupCredits.revokedAt,
        created_at: makeupCredits.createdAt,
      })
      .from(makeupCredits)
      .where(inArray(makeupCredits.attendeeProfileId, children))
      .orderBy(asc(makeupCredits.id)),
    db
      .select({
        makeup_credit_id: makeupBookings.creditId,
        attendee_profile_id: makeupBookings.attendeeProfileId,
        klass_id: makeupBookings.klassId,
        created_at: makeupBookings.createdAt,
        cancelled_at: makeupBookings.cancelledAt,
      })
      .from(makeupBookings)
      .where(inArray(makeupBookings.attendeeProfileId, children))
      .orderBy(asc(makeupBookings.id)),
  ]);
  return { absences: reported, makeup_credits: credits, makeup_bookings: bookings };
}

/** The family's trial classes (docs/product.md#trial-classes). */
export async function trialsOf(db: Db, userId: number) {
  return db
    .select({
      id: trialBookings.id,
      attendee_profile_id: trialBookings.attendeeProfileId,
      klass_id: trialBookings.klassId,
      klass_group_id: trialBookings.klassGroupId,
      price: trialBookings.price,
      status: trialBookings.status,
      credit_until: trialBookings.creditUntil,
      credited_at: trialBookings.creditedAt,
      created_at: trialBookings.createdAt,
      cancelled_at: trialBookings.cancelledAt,
    })
    .from(trialBookings)
    .where(eq(trialBookings.userId, userId))
    .orderBy(asc(trialBookings.id));
}

/**
 * The family's monthly tuition (docs/decisions/075-monthly-tuition-and-billing-runs.md): saved
 * cards as the provider described them (never a number), monthly enrollments, the months billed
 * and the card payments not tied to an order.
 */
export async function tuitionOf(db: Db, userId: number) {
  const [cards, enrollments, charges, cardPayments] = await Promise.all([
    db
      .select({
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
        exp_month: paymentMethods.expMonth,
        exp_year: paymentMethods.expYear,
        default: paymentMethods.isDefault,
        created_at: paymentMethods.createdAt,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(asc(paymentMethods.id)),
    db
      .select({
        id: monthlyEnrollments.id,
        attendee_profile_id: monthlyEnrollments.attendeeProfileId,
        child_name: monthlyEnrollments.childName,
        programme: monthlyEnrollments.programme,
        schedule_name: monthlyEnrollments.scheduleName,
        monthly_price: monthlyEnrollments.monthlyPrice,
        currency: monthlyEnrollments.currency,
        first_period: monthlyEnrollments.firstPeriod,
        last_period: monthlyEnrollments.lastPeriod,
        ended_at: monthlyEnrollments.endedAt,
        created_at: monthlyEnrollments.createdAt,
      })
      .from(monthlyEnrollments)
      .where(eq(monthlyEnrollments.userId, userId))
      .orderBy(asc(monthlyEnrollments.id)),
    db
      .select({
        monthly_enrollment_id: billingCharges.monthlyEnrollmentId,
        period: billingCharges.period,
        amount: billingCharges.amount,
        created_at: billingCharges.createdAt,
      })
      .from(billingCharges)
      .where(eq(billingCharges.userId, userId))
      .orderBy(asc(billingCharges.id)),
    db
      .select({
        kind: billingPayments.kind,
        period: billingPayments.period,
        amount: billingPayments.amount,
        currency: billingPayments.currency,
        status: billingPayments.status,
        attempts: billingPayments.attempts,
        created_at: billingPayments.createdAt,
      })
      .from(billingPayments)
      .where(eq(billingPayments.userId, userId))
      .orderBy(asc(billingPayments.id)),
  ]);
  return {
    saved_cards: cards,
    monthly_enrollments: enrollments,
    months_billed: charges,
    card_payments: cardPayments,
  };
}

/** The family's class passes and the visits booked with them (docs/product.md#class-passes-and-drop-ins). */
export async function passesOf(db: Db, userId: number) {
  const purchases = await db
    .select({
      id: passPurchases.id,
      name: passPurchases.name,
      order_id: passPurchases.orderId,
      visits: passPurchases.visits,
      visits_left: passPurchases.visitsLeft,
      price: passPurchases.price,
      expires_at: passPurchases.expiresAt,
      revoked_at: passPurchases.revokedAt,
      created_at: passPurchases.createdAt,
    })
    .from(passPurchases)
    .where(eq(passPurchases.userId, userId))
    .orderBy(asc(passPurchases.id));
  const drops =
    purchases.length === 0
      ? []
      : await db
          .select({
            pass_purchase_id: dropIns.passPurchaseId,
            attendee_profile_id: dropIns.attendeeProfileId,
            klass_id: dropIns.klassId,
            created_at: dropIns.createdAt,
            cancelled_at: dropIns.cancelledAt,
          })
          .from(dropIns)
          .where(
            inArray(
              dropIns.passPurchaseId,
              purchases.map((p) => p.id),
            ),
          )
          .orderBy(asc(dropIns.id));
  return { pass_purchases: purchases, drop_ins: drops };
}

const toSchedules = aliasedTable(klassGroupSchedules, 'to_schedules');

/**
 * The family's places in classes, ended ones too (a refund, a move), and each move of a child to
 * another schedule with the price difference it made (docs/decisions/078-transfers.md).
 */
export async function enrollmentsOf(db: Db, userId: number) {
  const children = db
    .select({ id: attendeeProfiles.id })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.userId, userId));
  const [places, moves] = await Promise.all([
    db
      .select({
        id: enrollments.id,
        attendee_profile_id: enrollments.attendeeProfileId,
        programme: klassGroups.name,
        schedule_name: klassGroupSchedules.name,
        status: enrollments.status,
        enrolled_from: enrollments.enrolledFrom,
        created_at: enrollments.createdAt,
      })
      .from(enrollments)
      .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, enrollments.scheduleId))
      .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
      .where(inArray(enrollments.attendeeProfileId, children))
      .orderBy(asc(enrollments.id)),
    db
      .select({
        attendee_profile_id: enrollmentTransfers.attendeeProfileId,
        from_enrollment_id: enrollmentTransfers.fromEnrollmentId,
        to_enrollment_id: enrollmentTransfers.toEnrollmentId,
        from_schedule_name: klassGroupSchedules.name,
        to_schedule_name: toSchedules.name,
        old_value: enrollmentTransfers.oldValue,
        new_price: enrollmentTransfers.newPrice,
        difference: enrollmentTransfers.difference,
        currency: enrollmentTransfers.currency,
        created_at: enrollmentTransfers.createdAt,
      })
      .from(enrollmentTransfers)
      .innerJoin(
        klassGroupSchedules,
        eq(klassGroupSchedules.id, enrollmentTransfers.fromScheduleId),
      )
      .innerJoin(toSchedules, eq(toSchedules.id, enrollmentTransfers.toScheduleId))
      .where(inArray(enrollmentTransfers.attendeeProfileId, children))
      .orderBy(asc(enrollmentTransfers.id)),
  ]);
  return { enrollments: places, transfers: moves };
}
