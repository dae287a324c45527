import {
  type AttendeeProfileDocument,
  type AttendeeProfileListDocument,
  type AttendeeProfileResource,
  type CreateAttendeeProfileBody,
  DEFAULT_LANGUAGE,
  FAMILY_MESSAGES,
  type Language,
  listDocument,
  type UpdateAttendeeProfileBody,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { assertMaySharePastFamily } from '../agreements';
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

export function attendeeProfileResource(row: AttendeeProfileRow): AttendeeProfileResource {
  return {
    id: String(row.id),
    type: 'attendee_profiles',
    attributes: {
      name: row.name,
      birthday: row.birthday,
      is_account_holder: row.isAccountHolder,
      gallery_visibility: row.galleryVisibility,
      comments_need_approval: row.commentsNeedApproval,
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
  actor: Actor,
  userId: number,
  page: number,
): Promise<AttendeeProfileListDocument> {
  await assertMayManage(db, actor, userId);
  const { rows, total } = await listAttendeeProfiles(db, userId, pageWindow(page));
  return listDocument(rows.map(attendeeProfileResource), pageMeta(page, total));
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
  if (Object.keys(changes).length === 0) return { data: attendeeProfileResource(current) };
  const row = await guardHolder(() => updateAttendeeProfile(db, userId, id, changes));
  if (!row) throw notFound('Family member');
  return { data: attendeeProfileResource(row) };
}

export async function removeFamilyMember(
  db: Db,
  actor: Actor,
  userId: number,
  id: number,
): Promise<void> {
  await assertMayManage(db, actor, userId);
  try {
    if (!(await deleteAttendeeProfile(db, userId, id))) throw notFound('Family member');
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
