import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { trialBookings } from './trials.tables';

/** A paid trial written straight to the table (what checkout writes once the trial is paid). */
export async function givePaidTrial(
  t: TestApp,
  trial: {
    klassId: number;
    klassGroupId: number;
    attendeeProfileId: number;
    userId: number;
    price: number;
    creditUntil?: Date;
  },
): Promise<number> {
  const [row] = await t.database.db
    .insert(trialBookings)
    .values({
      ...trial,
      status: 'booked',
      creditUntil: trial.creditUntil ?? new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: trialBookings.id });
  if (!row) throw new Error('trial not written');
  return row.id;
}
