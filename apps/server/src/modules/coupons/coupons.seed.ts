import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userGroups } from '../user-groups/user-groups.tables';
import { users } from '../users/users.tables';
import { coupons } from './coupons.tables';

/** The demo coupons: one for everyone, one kept for the demo scholarship group. */
export const DEMO_COUPONS = {
  welcome: { code: 'WELCOME10', percent: 10, perUser: 1 },
  scholarship: { code: 'SCHOLARSHIP50', percent: 50, group: 'Scholarship families' },
} as const;

/**
 * Seeds the demo coupons (after the demo user group). Running it again changes nothing: codes
 * are unique whatever their case.
 */
export async function seedDemoCoupons(db: Db): Promise<void> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@atelier.test'));
  const [group] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(sql`lower(${userGroups.name}) = lower(${DEMO_COUPONS.scholarship.group})`);
  const { welcome, scholarship } = DEMO_COUPONS;
  await db
    .insert(coupons)
    .values([
      {
        code: welcome.code,
        discountType: 'percent',
        discountAmount: welcome.percent,
        maxRedemptionsPerUser: welcome.perUser,
        createdById: admin?.id ?? null,
      },
      ...(group
        ? [
            {
              code: scholarship.code,
              discountType: 'percent' as const,
              discountAmount: scholarship.percent,
              userGroupId: group.id,
              createdById: admin?.id ?? null,
            },
          ]
        : []),
    ])
    .onConflictDoNothing();
}
