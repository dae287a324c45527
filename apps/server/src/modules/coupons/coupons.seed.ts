import type { Db } from '../../db/client';
import { DEMO_USER_GROUP, demoUserGroupId } from '../user-groups';
import { userIdsByEmail } from '../users';
import { coupons } from './coupons.tables';

const DEMO_ADMIN = 'admin@atelier.test';

/** The demo coupons: one for everyone, one kept for the demo scholarship group. */
export const DEMO_COUPONS = {
  welcome: { code: 'WELCOME10', percent: 10, perUser: 1 },
  scholarship: { code: 'SCHOLARSHIP50', percent: 50, group: DEMO_USER_GROUP.name },
} as const;

/**
 * Seeds the demo coupons (after the demo user group). Running it again changes nothing: codes
 * are unique whatever their case.
 */
export async function seedDemoCoupons(db: Db): Promise<void> {
  const adminId = (await userIdsByEmail(db, [DEMO_ADMIN])).get(DEMO_ADMIN) ?? null;
  const groupId = await demoUserGroupId(db);
  const { welcome, scholarship } = DEMO_COUPONS;
  await db
    .insert(coupons)
    .values([
      {
        code: welcome.code,
        discountType: 'percent',
        discountAmount: welcome.percent,
        maxRedemptionsPerUser: welcome.perUser,
        createdById: adminId,
      },
      ...(groupId !== undefined
        ? [
            {
              code: scholarship.code,
              discountType: 'percent' as const,
              discountAmount: scholarship.percent,
              userGroupId: groupId,
              createdById: adminId,
            },
          ]
        : []),
    ])
    .onConflictDoNothing();
}
