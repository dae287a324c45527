// The demo data, put together from each module's own seed: above every module, like app.ts.
import type { Db } from '../db/client';
import { seedDemoChildCare } from '../modules/child-care';
import { seedDemoClasses } from '../modules/classes';
import { seedDemoCoupons } from '../modules/coupons';
import { seedDemoGuestCustomers } from '../modules/customers';
import { seedDemoEnrollments } from '../modules/enrollments';
import { seedDemoMessages } from '../modules/messages';
import { seedDemoNotifications } from '../modules/notifications';
import { seedDemoOrders } from '../modules/orders';
import { seedDemoPasses } from '../modules/passes';
import { seedDemoPhotoBox } from '../modules/photo-boxes';
import { seedDemoUserGroups } from '../modules/user-groups';
import { anyUserExists, seedDemoUsers } from '../modules/users';

/** Seeds the demo data when the database has no user yet; returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (await anyUserExists(db)) return false;
  await seedDemo(db);
  return true;
}

export async function seedDemo(db: Db): Promise<void> {
  await seedDemoUsers(db);
  await seedDemoChildCare(db);
  await seedDemoNotifications(db);
  // The messages the demo notifications of type 'messages' open.
  await seedDemoMessages(db);
  await seedDemoEnrollments(db, await seedDemoClasses(db));
  await seedDemoPasses(db);
  await seedDemoUserGroups(db);
  await seedDemoCoupons(db);
  await seedDemoGuestCustomers(db);
  await seedDemoOrders(db);
  await seedDemoPhotoBox(db);
}
