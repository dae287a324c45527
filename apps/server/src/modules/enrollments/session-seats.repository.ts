import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seatHolds } from './enrollments.tables';

// Session seats (docs/glossary.md#session-seat, docs/decisions/074-absences-and-make-ups.md): a
// seat_holds row with no order and no offer, named by its holder's key, counted like any hold
// until its session ends. Only these two functions write or delete such rows.

export async function insertSessionSeat(
  db: Db,
  row: { scheduleId: number; userId: number | null; holderKey: string; until: Date },
): Promise<void> {
  await db.insert(seatHolds).values({
    scheduleId: row.scheduleId,
    userId: row.userId,
    sessionSeatKey: row.holderKey,
    seats: 1,
    expiresAt: row.until,
  });
}

export async function deleteSessionSeat(db: Db, holderKey: string): Promise<void> {
  await db.delete(seatHolds).where(eq(seatHolds.sessionSeatKey, holderKey));
}
