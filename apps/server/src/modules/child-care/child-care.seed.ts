import type { Db } from '../../db/client';
import { demoAttendees } from '../users';
import { replaceContacts } from './child-care.repository';

/**
 * Every demo child has an emergency contact, so the demo families can book
 * (docs/product.md#the-childs-card): a school's real families fill theirs in before booking.
 */
export async function seedDemoChildCare(db: Db): Promise<void> {
  for (const attendee of (await demoAttendees(db)).values()) {
    await replaceContacts(db, attendee.id, [
      { name: 'Grace Grandparent', phone: '+12125550100', relation: 'grandmother' },
    ]);
  }
}
