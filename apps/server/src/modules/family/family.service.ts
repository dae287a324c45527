import {
  type AttendeeProfileDocument,
  type AttendeeProfileListDocument,
  type AttendeeProfileResource,
  type CreateAttendeeProfileBody,
  DEFAULT_LANGUAGE,
  FAMILY_MESSAGES,
  IMAGE_TOO_LARGE_MESSAGE,
  type Language,
  listDocument,
  type MedicalAccessLogDocument,
  type UpdateAttendeeProfileBody,
} from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { readMultipartForm } from '../../storage/uploads';
import { assertMaySharePastFamily } from '../agreements';
import {
  childCardsOf,
  medicalAccessLogOf,
  pickupIdsOfChild,
  pickupPhotosOfChild,
  recordMedicalAccess,
  replacePickupPhoto,
  saveChildCard,
  touchesCard,
} from '../child-care';
import type { Media } from '../media';
import {
  type AttendeeProfileChanges,
  type AttendeeProfileRow,
  attendeeProfilesOfUser,
  deleteAttendeeProfile,
  findAttendeeProfile,
  insertAttendeeProfile,
  listAttendeeProfiles,
  otherAccountHolderExists,
  roleOfUser,
  type SessionUser,
  updateAttendeeProfile,
} from '../users';

export type Actor = Pick<SessionUser, 'id' | 'role'>;

/** The media the child's card shows and takes (pickup people's photos). */
export type CardMedia = Pick<Media, 'imageViews' | 'acceptUpload' | 'deleteImages'>;

type Card = Pick<
  AttendeeProfileResource['attributes'],
  'emergency_contacts' | 'allergies' | 'medical_notes' | 'authorised_pickups'
>;

const NO_CARD: Card = {
  emergency_contacts: [],
  allergies: '',
  medical_notes: '',
  authorised_pickups: [],
};

export function attendeeProfileResource(
  row: AttendeeProfileRow,
  card: Card = NO_CARD,
): AttendeeProfileResource {
  return {
    id: String(row.id),
    type: 'attendee_profiles',
    attributes: {
      name: row.name,
      birthday: row.birthday,
      is_account_holder: row.isAccountHolder,
      gallery_visibility: row.galleryVisibility,
      comments_need_approval: row.commentsNeedApproval,
      ...card,
    },
    relationships: { user: { data: { id: String(row.userId), type: 'users' } } },
  };
}

const oneHolder = () =>
  new ValidationError([{ field: 'is_account_holder', detail: FAMILY_MESSAGES.oneAccountHolder }]);

/** Only the account's owner, or an admin, sees and changes its family. */
async function assertMayManage(db: Db, actor: Actor, userId: number): Promise<void> {
  if (actor.id !== userId && actor.role !== 'admin') {
    throw forbidden('You may only manage your own family members.');
  }
  if (actor.id !== userId && (await roleOfUser(db, userId)) === undefined) {
    throw notFound('User');
  }
}

/**
 * The cards of these family members, for the family or an admin. An admin other than the
 * account's owner reading them is a staff read of the medical notes, logged for the family to see
 * (docs/product.md#the-childs-card).
 */
async function cardsFor(
  db: Db,
  media: CardMedia,
  actor: Actor,
  userId: number,
  ids: number[],
): Promise<Map<number, Card>> {
  const cards = await childCardsOf(db, media, ids);
  if (actor.id !== userId) await recordMedicalAccess(db, actor, cards, 'profile');
  return cards;
}

/** The partial unique index is the final word on "one account holder" under concurrency. */
async function guardHolder<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw oneHolder();
    throw error;
  }
}

export async function listFamily(
  db: Db,
  media: CardMedia,
  actor: Actor,
  userId: number,
  page: number,
): Promise<AttendeeProfileListDocument> {
  await assertMayManage(db, actor, userId);
  const { rows, total } = await listAttendeeProfiles(db, userId, pageWindow(page));
  const cards = await cardsFor(
    db,
    media,
    actor,
    userId,
    rows.map((r) => r.id),
  );
  return listDocument(
    rows.map((r) => attendeeProfileResource(r, cards.get(r.id))),
    pageMeta(page, total),
  );
}

/** One family member with the child's card. */
export async function getFamilyMember(
  db: Db,
  media: CardMedia,
  actor: Actor,
  userId: number,
  id: number,
): Promise<AttendeeProfileDocument> {
  await assertMayManage(db, actor, userId);
  const row = await findAttendeeProfile(db, userId, id);
  if (!row) throw notFound('Family member');
  const cards = await cardsFor(db, media, actor, userId, [id]);
  return { data: attendeeProfileResource(row, cards.get(id)) };
}

export async function addFamilyMember(
  db: Db,
  actor: Actor,
  userId: number,
  body: CreateAttendeeProfileBody['attendee_profile'],
): Promise<AttendeeProfileDocument> {
  await assertMayManage(db, actor, userId);
  if (body.is_account_holder && (await otherAccountHolderExists(db, userId))) throw oneHolder();
  const row = await guardHolder(() =>
    insertAttendeeProfile(db, {
      userId,
      name: body.name,
      birthday: body.birthday,
      isAccountHolder: body.is_account_holder,
    }),
  );
  return { data: attendeeProfileResource(row) };
}

export async function updateFamilyMember(
  db: Db,
  media: CardMedia,
  actor: Actor,
  userId: number,
  id: number,
  body: UpdateAttendeeProfileBody['attendee_profile'],
  language: Language = DEFAULT_LANGUAGE,
): Promise<AttendeeProfileDocument> {
  await assertMayManage(db, actor, userId);
  const current = await findAttendeeProfile(db, userId, id);
  if (!current) throw notFound('Family member');
  // Sharing beyond the family needs the child's media release, once the school has one
  // (docs/decisions/070-agreements.md); a choice already stored is not asked again on each save.
  const sharing = body.gallery_visibility;
  if (sharing && sharing !== 'family' && sharing !== current.galleryVisibility) {
    await assertMaySharePastFamily(db, id, userId, language);
  }
  if (body.is_account_holder && (await otherAccountHolderExists(db, userId, id))) {
    throw oneHolder();
  }
  const changes: AttendeeProfileChanges = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.birthday !== undefined ? { birthday: body.birthday } : {}),
    ...(body.is_account_holder !== undefined ? { isAccountHolder: body.is_account_holder } : {}),
    // Children's privacy (docs/architecture.md#gallery-privacy): the family's own choice per child.
    ...(body.gallery_visibility !== undefined
      ? { galleryVisibility: body.gallery_visibility }
      : {}),
    ...(body.comments_need_approval !== undefined
      ? { commentsNeedApproval: body.comments_need_approval }
      : {}),
  };
  let row: AttendeeProfileRow | undefined = current;
  if (Object.keys(changes).length > 0) {
    row = await guardHolder(() => updateAttendeeProfile(db, userId, id, changes));
    if (!row) throw notFound('Family member');
  }
  if (touchesCard(body)) {
    // The card whole or not at all; the removed pickup people's photos go once it is written.
    const removedPhotos = await db.transaction((tx) => saveChildCard(tx, id, body));
    if (removedPhotos.length > 0) await media.deleteImages(removedPhotos);
  }
  const cards = await cardsFor(db, media, actor, userId, [id]);
  return { data: attendeeProfileResource(row, cards.get(id)) };
}

export async function removeFamilyMember(
  db: Db,
  media: CardMedia,
  actor: Actor,
  userId: number,
  id: number,
): Promise<void> {
  await assertMayManage(db, actor, userId);
  const photos = await pickupPhotosOfChild(db, id);
  try {
    if (!(await deleteAttendeeProfile(db, userId, id))) throw notFound('Family member');
    // The card's rows went with the member; its pickup people's photos go now.
    if (photos.length > 0) await media.deleteImages(photos);
  } catch (error) {
    // Bookings (cart items, orders, enrollments) keep their attendee: refuse rather than orphan.
    if (isForeignKeyViolation(error)) {
      throw new AppError('conflict', FAMILY_MESSAGES.inUse, { reason: 'in_use' });
    }
    throw error;
  }
}

/** Same person: names compared without case or surrounding spaces, birthdays exactly. */
const personKey = (name: string, birthday: string | null) =>
  `${name.trim().toLowerCase()}|${birthday ?? ''}`;

/**
 * The family members of an account for these people, in order: one with the same name and
 * birthday is reused, the others are added (the cart's merge turns a guest's typed attendees into
 * family members, docs/product.md#booking-and-the-cart). The same person listed twice gets one member. Run it in
 * the caller's transaction so a failed merge adds nobody.
 */
export async function familyMembersFor(
  db: Db,
  userId: number,
  people: { name: string; birthday: string }[],
): Promise<number[]> {
  if (people.length === 0) return [];
  const known = new Map<string, number>();
  for (const row of await attendeeProfilesOfUser(db, userId)) {
    const key = personKey(row.name, row.birthday);
    if (!known.has(key)) known.set(key, row.id);
  }
  const ids: number[] = [];
  for (const person of people) {
    const key = personKey(person.name, person.birthday);
    let id = known.get(key);
    if (id === undefined) {
      const row = await insertAttendeeProfile(db, {
        userId,
        name: person.name.trim(),
        birthday: person.birthday,
        isAccountHolder: false,
      });
      id = row.id;
      known.set(key, id);
    }
    ids.push(id);
  }
  return ids;
}

/** The staff reads of a family member's medical notes (the family, admins). */
export async function familyMedicalAccessLog(
  db: Db,
  actor: Actor,
  userId: number,
  id: number,
  page: number,
): Promise<MedicalAccessLogDocument> {
  await assertMayManage(db, actor, userId);
  if (!(await findAttendeeProfile(db, userId, id))) throw notFound('Family member');
  return medicalAccessLogOf(db, id, page);
}

/** The `photo` file of a multipart request: 422 on `photo` when missing or too large. */
export async function readPickupPhoto(request: FastifyRequest): Promise<Buffer> {
  const { file } = await readMultipartForm(request, 'photo');
  if (file === 'too_large') {
    throw new ValidationError([{ field: 'photo', detail: IMAGE_TOO_LARGE_MESSAGE }]);
  }
  if (!file) throw new ValidationError([{ field: 'photo', detail: 'Required' }]);
  return file;
}

/** Sets an authorised pickup person's photo and answers the family member with the card. */
export async function setFamilyPickupPhoto(
  db: Db,
  media: CardMedia,
  actor: Actor,
  params: { id: number; profileId: number; pickupId: number },
  photo: () => Promise<Buffer>,
): Promise<AttendeeProfileDocument> {
  await assertMayManage(db, actor, params.id);
  const row = await findAttendeeProfile(db, params.id, params.profileId);
  if (!row) throw notFound('Family member');
  if (!(await pickupIdsOfChild(db, params.profileId)).has(params.pickupId)) {
    throw notFound('Authorised pickup person');
  }
  if (!(await replacePickupPhoto(db, media, params.profileId, params.pickupId, await photo()))) {
    throw notFound('Authorised pickup person');
  }
  const cards = await cardsFor(db, media, actor, params.id, [params.profileId]);
  return { data: attendeeProfileResource(row, cards.get(params.profileId)) };
}
