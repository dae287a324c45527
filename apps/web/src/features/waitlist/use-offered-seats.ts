import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../lib/store-hooks';
import { selectUser } from '../session';
import { useMyWaitlistQuery } from './waitlist-api';

/** The signed-in family's waitlist entries (none for a guest: nothing is asked). */
export function useMyWaitlist() {
  const user = useAppSelector(selectUser);
  return useMyWaitlistQuery(user ? undefined : skipToken);
}

/**
 * Seats the signed-in family's open offer holds in this schedule: seats left for it alone, so the
 * booking form may take them (docs/product.md#waitlist). 0 without an offer.
 */
export function useOfferedSeats(scheduleId: string): number {
  const { data } = useMyWaitlist();
  const entry = data?.find((e) => e.klass_group_schedule.id === scheduleId);
  return entry?.offer?.seats ?? 0;
}
