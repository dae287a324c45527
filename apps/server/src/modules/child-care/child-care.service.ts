import {
  type AttendeeProfileAttributes,
  type AttendeeProfileResource,
  CHILD_CARD_MAX_PEOPLE,
  CHILD_CARD_MESSAGES,
  type FieldError,
  type MedicalAccessLogDocument,
  type MedicalAccessPlace,
  type UpdateAttendeeProfileBody,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow, type Viewer } from '../../lib/http';
import type { Media } from '../media';
import { attendeeProfilesOfUser, type DbExecutor, peopleByIds } from '../users';
import {
  accessPage,
  contactsOf,
  enrolledWithTeacher,
  insertAccesses,
  lockCard,
  medicalOf,
  pickupIdsOf,
  pickupPhotoIdsOf,
  pickupsOf,
  replaceContacts,
  replacePickups,
  saveMedical,
  setPickupPhoto,
  withContacts,
} from './child-care.repository';

// The child's card (docs/product.md#the-childs-card, docs/decisions/069-the-childs-card.md):
// emergency contacts, allergies, medical notes and authorised pickup people of an attendee
// profile. Who may read it is decided by the callers' own rules (the family module: the family and
// admins; the attendance module: a session's teacher and admins, on its roll); this module writes
// down every staff read of the medical notes, which the family can see.

type CardAttributes = Pick<
  AttendeeProfileAttributes,
  'emergency_contacts' | 'allergies' | 'medical_notes' | 'authorised_pickups'
>;
export type CardBody = Pick<
  UpdateAttendeeProfileBody['attendee_profile'],
  'emergency_contacts' | 'allergies' | 'medical_notes' | 'authorised_pickups'
>;
export type { AttendeeProfileResource };

const EMPTY: CardAttributes = {
  emergency_contacts: [],
  allergies: '',
  medical_notes: '',
  authorised_pickups: [],
};

/** The cards of these children (one query per table for the whole set, none when empty). */
export async function childCardsOf(
  db: Db,
  media: Pick<Media, 'imageViews'>,
  profileIds: number[],
): Promise<Map<number, CardAttributes>> {
  const [contacts, pickups, medical] = await Promise.all([
    contactsOf(db, profileIds),
    pickupsOf(db, profileIds),
    medicalOf(db, profileIds),
  ]);
  const photoIds = pickups.flatMap((p) => (p.photoImageId === null ? [] : [p.photoImageId]));
  const photos = photoIds.length > 0 ? await media.imageViews(photoIds) : new Map();
  const cards = new Map<number, CardAttributes>(
    profileIds.map((id) => [id, { ...EMPTY, emergency_contacts: [], authorised_pickups: [] }]),
  );
  for (const c of contacts) {
    cards.get(c.attendeeProfileId)?.emergency_contacts.push({
      name: c.name,
      phone: c.phone,
      relation: c.relation,
    });
  }
  for (const p of pickups) {
    cards.get(p.attendeeProfileId)?.authorised_pickups.push({
      id: String(p.id),
      name: p.name,
      relation: p.relation,
      phone: p.phone,
      photo: p.photoImageId === null ? null : (photos.get(p.photoImageId) ?? null),
    });
  }
  for (const m of medical) {
    const card = cards.get(m.attendeeProfileId);
    if (card) {
      card.allergies = m.allergies;
      card.medical_notes = m.medicalNotes;
    }
  }
  return cards;
}

/**
 * Writes the card's fields present in the body (each replaces what was there), in the caller's
 * transaction, one writer per child at a time. Answers the photo ids of pickup people removed, for the caller to delete once the
 * transaction has committed. A pickup `id` not of this child is a 422 on its field.
 */
export async function saveChildCard(
  db: DbExecutor,
  profileId: number,
  body: CardBody,
): Promise<number[]> {
  await lockCard(db, profileId);
  const knownPickupIds = await pickupIdsOf(db, profileId);
  if (body.emergency_contacts !== undefined) {
    await replaceContacts(db, profileId, body.emergency_contacts);
  }
  if (body.allergies !== undefined || body.medical_notes !== undefined) {
    await saveMedical(db, profileId, {
      ...(body.allergies !== undefined ? { allergies: body.allergies } : {}),
      ...(body.medical_notes !== undefined ? { medicalNotes: body.medical_notes } : {}),
    });
  }
  if (body.authorised_pickups === undefined) return [];
  const errors: FieldError[] = [];
  const pickups = body.authorised_pickups.map((p, i) => {
    const id = p.id === undefined ? undefined : Number(p.id);
    if (id !== undefined && !knownPickupIds.has(id)) {
      errors.push({
        field: `authorised_pickups.${i}.id`,
        detail: CHILD_CARD_MESSAGES.unknownPickup,
      });
    }
    return { id, name: p.name, relation: p.relation, phone: p.phone ?? null };
  });
  if (errors.length > 0) throw new ValidationError(errors);
  return replacePickups(db, profileId, pickups);
}

/** Whether the body touches the card at all. */
export const touchesCard = (body: CardBody) =>
  body.emergency_contacts !== undefined ||
  body.allergies !== undefined ||
  body.medical_notes !== undefined ||
  body.authorised_pickups !== undefined;

/**
 * Writes down that a staff member was shown these children's medical notes at `place`. Only staff
 * reads are logged (a family reading its own card is not), and only for children that have notes
 * or allergies to show.
 */
export async function recordMedicalAccess(
  db: DbExecutor,
  viewer: Viewer,
  cards: Map<number, Pick<CardAttributes, 'allergies' | 'medical_notes'>>,
  place: MedicalAccessPlace,
): Promise<void> {
  if (viewer.role !== 'admin' && viewer.role !== 'teacher') return;
  const role = viewer.role;
  const shown = [...cards].filter(([, c]) => c.medical_notes !== '' || c.allergies !== '');
  if (shown.length === 0) return;
  const person = (await peopleByIds(db, [viewer.id])).get(viewer.id);
  await insertAccesses(
    db,
    shown.map(([attendeeProfileId]) => ({
      attendeeProfileId,
      viewerId: viewer.id,
      viewerName: person?.name ?? '',
      viewerRole: role,
      place,
    })),
  );
}

/** What a session's roll shows of each child, for its teacher or an admin; the read is logged. */
export async function rollCareOf(
  db: Db,
  viewer: Viewer,
  profileIds: number[],
): Promise<
  Map<
    number,
    {
      has_allergies: boolean;
      allergies: string;
      medical_notes: string;
      emergency_contacts: CardAttributes['emergency_contacts'];
    }
  >
> {
  const [contacts, medical] = await Promise.all([
    contactsOf(db, profileIds),
    medicalOf(db, profileIds),
  ]);
  const care = new Map(
    profileIds.map((id) => [
      id,
      {
        has_allergies: false,
        allergies: '',
        medical_notes: '',
        emergency_contacts: [] as CardAttributes['emergency_contacts'],
      },
    ]),
  );
  for (const m of medical) {
    const entry = care.get(m.attendeeProfileId);
    if (!entry) continue;
    entry.allergies = m.allergies;
    entry.has_allergies = m.allergies.trim() !== '';
    entry.medical_notes = m.medicalNotes;
  }
  for (const c of contacts) {
    care.get(c.attendeeProfileId)?.emergency_contacts.push({
      name: c.name,
      phone: c.phone,
      relation: c.relation,
    });
  }
  await recordMedicalAccess(db, viewer, care, 'roll');
  return care;
}

/** Whether the teacher teaches a schedule the child is actively enrolled in. */
export function teachesChild(
  db: DbExecutor,
  teacherId: number,
  profileId: number,
): Promise<boolean> {
  return enrolledWithTeacher(db, teacherId, profileId);
}

/**
 * The photos of the child's pickup people: the rows go with the child (ON DELETE CASCADE), the
 * image files are for the caller to delete once the child is gone.
 */
export function pickupPhotosOfChild(db: DbExecutor, profileId: number): Promise<number[]> {
  return pickupPhotoIdsOf(db, profileId);
}

/** The ids of the child's authorised pickup people. */
export function pickupIdsOfChild(db: DbExecutor, profileId: number): Promise<Set<number>> {
  return pickupIdsOf(db, profileId);
}

/**
 * The attendees of the account's booking, other than the account holder, that have no emergency
 * contact yet: checkout refuses them (docs/product.md#the-childs-card).
 */
export async function attendeesLackingEmergencyContact(
  db: DbExecutor,
  userId: number,
  attendeeIds: number[],
): Promise<{ id: number; name: string }[]> {
  if (attendeeIds.length === 0) return [];
  const wanted = new Set(attendeeIds);
  const family = (await attendeeProfilesOfUser(db, userId)).filter(
    (p) => wanted.has(p.id) && !p.isAccountHolder,
  );
  return profilesLackingEmergencyContact(db, family);
}

/** Of these people, those whose card names no one to call. */
export async function profilesLackingEmergencyContact<P extends { id: number; name: string }>(
  db: DbExecutor,
  profiles: P[],
): Promise<P[]> {
  const covered = await withContacts(
    db,
    profiles.map((p) => p.id),
  );
  return profiles.filter((p) => !covered.has(p.id));
}

/**
 * Adds someone to call to the end of a card's list (a walk-in's contact given at the desk,
 * docs/product.md#customers), under the card's lock like any other write of it. A number already
 * listed is not listed twice, and a full list (the card's limit) already has people to call.
 */
export async function addEmergencyContact(
  db: DbExecutor,
  profileId: number,
  contact: { name: string; phone: string; relation: string },
): Promise<void> {
  await lockCard(db, profileId);
  const kept = (await contactsOf(db, [profileId])).map(({ name, phone, relation }) => ({
    name,
    phone,
    relation,
  }));
  if (kept.length >= CHILD_CARD_MAX_PEOPLE || kept.some((c) => c.phone === contact.phone)) return;
  await replaceContacts(db, profileId, [...kept, contact]);
}

/** A page of the staff reads of a child's medical notes, the latest first. */
export async function medicalAccessLogOf(
  db: Db,
  profileId: number,
  page: number,
): Promise<MedicalAccessLogDocument> {
  const { rows, total } = await accessPage(db, profileId, pageWindow(page));
  return {
    data: rows.map((r) => ({
      id: String(r.id),
      type: 'medical_accesses',
      attributes: {
        viewed_at: r.viewedAt.toISOString(),
        place: r.place,
        viewer_name: r.viewerName,
        viewer_role: r.viewerRole,
      },
    })),
    meta: pageMeta(page, total),
  };
}

/**
 * Takes a pickup person's photo: the media module checks it is an image and re-encodes it without
 * metadata (docs/architecture.md#images). False when the person is not this child's.
 */
export async function replacePickupPhoto(
  db: Db,
  media: Pick<Media, 'acceptUpload' | 'deleteImages'>,
  profileId: number,
  pickupId: number,
  photo: Buffer,
): Promise<boolean> {
  const { imageId } = await media.acceptUpload(photo, 'photo');
  const previous = await setPickupPhoto(db, profileId, pickupId, imageId);
  if (previous === undefined) {
    await media.deleteImages([imageId]);
    return false;
  }
  if (previous !== null) await media.deleteImages([previous]);
  return true;
}

/**
 * Checkout's rule (docs/product.md#the-childs-card): every attendee booked, other than the account
 * holder, has an emergency contact before their first class. Otherwise a 422 naming each child on
 * `attendee_profiles.{id}.emergency_contacts`, which the web's checkout answers with a form.
 */
export async function requireEmergencyContacts(
  db: DbExecutor,
  userId: number,
  attendeeIds: number[],
): Promise<void> {
  const lacking = await attendeesLackingEmergencyContact(db, userId, attendeeIds);
  if (lacking.length === 0) return;
  throw new ValidationError(
    lacking.map((p) => ({
      field: `attendee_profiles.${p.id}.emergency_contacts`,
      detail: CHILD_CARD_MESSAGES.emergencyContactNeeded(p.name),
    })),
  );
}
