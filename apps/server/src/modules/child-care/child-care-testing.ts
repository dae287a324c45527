import type { Db } from '../../db/client';
import { emergencyContacts } from './child-care.tables';

/**
 * Gives each of these children an emergency contact, as a family does before booking: checkout
 * refuses a child without one (docs/product.md#the-childs-card), so test families that book need it.
 */
export async function giveEmergencyContacts(db: Db, profileIds: number[]): Promise<void> {
  if (profileIds.length === 0) return;
  await db.insert(emergencyContacts).values(
    profileIds.map((attendeeProfileId) => ({
      attendeeProfileId,
      position: 0,
      name: 'Grace Grandparent',
      phone: '+12125550100',
      relation: 'grandmother',
    })),
  );
}
