import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { schedulesTaughtBy } from '../classes';
import { activelyEnrolledInAnyOf } from '../enrollments';
import type { DbExecutor } from '../users';
import {
  authorisedPickups,
  childMedical,
  emergencyContacts,
  medicalAccessLog,
} from './child-care.tables';

// The child's card's rows (docs/product.md#the-childs-card). Only this module names its tables;
// who may read them is the service's rule.

export type EmergencyContactRow = typeof emergencyContacts.$inferSelect;
export type AuthorisedPickupRow = typeof authorisedPickups.$inferSelect;
export type ChildMedicalRow = typeof childMedical.$inferSelect;
export type MedicalAccessRow = typeof medicalAccessLog.$inferSelect;

export function contactsOf(db: DbExecutor, ids: number[]): Promise<EmergencyContactRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(emergencyContacts)
    .where(inArray(emergencyContacts.attendeeProfileId, ids))
    .orderBy(asc(emergencyContacts.position), asc(emergencyContacts.id));
}

export function pickupsOf(db: DbExecutor, ids: number[]): Promise<AuthorisedPickupRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(authorisedPickups)
    .where(inArray(authorisedPickups.attendeeProfileId, ids))
    .orderBy(asc(authorisedPickups.position), asc(authorisedPickups.id));
}

export function medicalOf(db: DbExecutor, ids: number[]): Promise<ChildMedicalRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(childMedical).where(inArray(childMedical.attendeeProfileId, ids));
}

/**
 * Serialises writes of one child's card until the transaction ends: each write replaces whole
 * lists (delete, then insert), and two at once would otherwise both delete and both insert,
 * leaving the two lists merged.
 */
export async function lockCard(tx: DbExecutor, profileId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('child_care.card'), ${profileId}::int)`,
  );
}

/** Replaces the child's emergency contacts with these, in this order. */
export async function replaceContacts(
  db: DbExecutor,
  profileId: number,
  contacts: { name: string; phone: string; relation: string }[],
): Promise<void> {
  await db.delete(emergencyContacts).where(eq(emergencyContacts.attendeeProfileId, profileId));
  if (contacts.length === 0) return;
  await db
    .insert(emergencyContacts)
    .values(contacts.map((c, position) => ({ ...c, attendeeProfileId: profileId, position })));
}

/** Writes the allergies and/or the medical notes, keeping the other as it was. */
export async function saveMedical(
  db: DbExecutor,
  profileId: number,
  changes: { allergies?: string; medicalNotes?: string },
): Promise<void> {
  await db
    .insert(childMedical)
    .values({ attendeeProfileId: profileId, ...changes })
    .onConflictDoUpdate({
      target: childMedical.attendeeProfileId,
      set: { ...changes, updatedAt: sql`now()` },
    });
}

/**
 * Replaces the child's pickup people: those with a known `id` are updated in place (their photo
 * kept), new ones added, the others removed. Returns the photo ids of the removed people, for the
 * caller to delete their files.
 */
export async function replacePickups(
  db: DbExecutor,
  profileId: number,
  pickups: { id?: number; name: string; relation: string; phone: string | null }[],
): Promise<number[]> {
  const keep = pickups.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  const removed = await db
    .delete(authorisedPickups)
    .where(
      and(
        eq(authorisedPickups.attendeeProfileId, profileId),
        keep.length > 0 ? notInArray(authorisedPickups.id, keep) : undefined,
      ),
    )
    .returning({ photoImageId: authorisedPickups.photoImageId });
  for (const [position, p] of pickups.entries()) {
    const values = { name: p.name, relation: p.relation, phone: p.phone, position };
    if (p.id !== undefined) {
      await db
        .update(authorisedPickups)
        .set(values)
        .where(
          and(eq(authorisedPickups.id, p.id), eq(authorisedPickups.attendeeProfileId, profileId)),
        );
    } else {
      await db.insert(authorisedPickups).values({ ...values, attendeeProfileId: profileId });
    }
  }
  return removed.flatMap((r) => (r.photoImageId === null ? [] : [r.photoImageId]));
}

/** The photos of the child's pickup people. */
export async function pickupPhotoIdsOf(db: DbExecutor, profileId: number): Promise<number[]> {
  const rows = await db
    .select({ id: authorisedPickups.photoImageId })
    .from(authorisedPickups)
    .where(eq(authorisedPickups.attendeeProfileId, profileId));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}

/** The ids of the child's pickup people. */
export async function pickupIdsOf(db: DbExecutor, profileId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: authorisedPickups.id })
    .from(authorisedPickups)
    .where(eq(authorisedPickups.attendeeProfileId, profileId));
  return new Set(rows.map((r) => r.id));
}

/** Sets a pickup person's photo; answers the photo it replaced (or null), undefined when unknown. */
export async function setPickupPhoto(
  db: Db,
  profileId: number,
  pickupId: number,
  imageId: number,
): Promise<number | null | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photoImageId: authorisedPickups.photoImageId })
      .from(authorisedPickups)
      .where(
        and(eq(authorisedPickups.id, pickupId), eq(authorisedPickups.attendeeProfileId, profileId)),
      )
      .for('update');
    if (!current) return undefined;
    await tx
      .update(authorisedPickups)
      .set({ photoImageId: imageId })
      .where(eq(authorisedPickups.id, pickupId));
    return current.photoImageId;
  });
}

/** Of these attendees, those with at least one emergency contact. */
export async function withContacts(db: DbExecutor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: emergencyContacts.attendeeProfileId })
    .from(emergencyContacts)
    .where(inArray(emergencyContacts.attendeeProfileId, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * Whether the child is actively enrolled in a schedule the teacher teaches: both conditions are
 * the enrollments' and classes' modules' subqueries, so this module never names their tables.
 */
export async function enrolledWithTeacher(
  db: DbExecutor,
  teacherId: number,
  profileId: number,
): Promise<boolean> {
  const condition = activelyEnrolledInAnyOf(sql`${profileId}::int`, schedulesTaughtBy(teacherId));
  const result = await db.execute(sql`select ${condition} as ok`);
  // Both drivers answer `{ rows }`; the shared Db type leaves the result's shape open.
  return (result as { rows: { ok?: boolean }[] }).rows[0]?.ok === true;
}

export async function insertAccesses(
  db: DbExecutor,
  rows: (typeof medicalAccessLog.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(medicalAccessLog).values(rows);
}

/** A page of a child's access log, the latest first, with the total. */
export async function accessPage(
  db: DbExecutor,
  profileId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: MedicalAccessRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(medicalAccessLog)
      .where(eq(medicalAccessLog.attendeeProfileId, profileId))
      .orderBy(desc(medicalAccessLog.viewedAt), desc(medicalAccessLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(medicalAccessLog)
      .where(eq(medicalAccessLog.attendeeProfileId, profileId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * The photos of these children's pickup people, for a deleting family
 * (docs/decisions/072-a-familys-data-is-theirs.md): the rows go with the children by cascade, but
 * `photo_image_id` is ON DELETE SET NULL towards images, so the images are the caller's to erase.
 */
export async function pickupPhotoIdsOfChildren(db: DbExecutor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: authorisedPickups.photoImageId })
    .from(authorisedPickups)
    .where(inArray(authorisedPickups.attendeeProfileId, ids));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}
