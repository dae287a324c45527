import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, postImages, posts } from '../gallery/gallery.tables';
import { ledgerEntries } from '../ledger/ledger.tables';
import { images } from '../media/media.tables';
import { messageRecipients, messages } from '../messages/messages.tables';
import { orderItemAttendees, orderItems, orders } from '../orders/orders.tables';
import { payments } from '../payments/payments.tables';
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
