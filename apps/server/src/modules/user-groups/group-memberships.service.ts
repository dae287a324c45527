import type { Db } from '../../db/client';
import { memberGroupIds } from './group-memberships.repository';

/**
 * Of these groups, the ones the user belongs to: one query whatever their number, none when
 * there is none to ask about. The coupons module asks it for a group's coupon.
 */
export async function groupsOfUserAmong(
  db: Db,
  userId: number,
  groupIds: readonly number[],
): Promise<Set<number>> {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) return new Set();
  return memberGroupIds(db, userId, unique);
}
