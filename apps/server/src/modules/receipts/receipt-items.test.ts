import { describe, expect, it } from 'vitest';
import type { OrderItemWithAttendees } from '../orders';
import { receiptItems } from './receipt-items';

const money = { subtotal: 2500, discount: 0, total: 2500 };
const base = {
  id: 1,
  orderId: 1,
  planId: null,
  passId: null,
  klassId: null,
  scheduleId: null,
  numberOfAttendees: 1,
  units: 1,
  couponId: null,
  couponCode: null,
  attendees: [],
  ...money,
};

const trial = (startsAt: string, timeZone: string) =>
  ({
    ...base,
    kind: 'trial',
    klassId: 7,
    scheduleId: 3,
    snapshot: {
      trial: {
        klass_id: '7',
        klass_group_id: '2',
        klass_group_schedule_id: '3',
        programme: 'Comics Drawing',
        schedule_name: 'Tuesday evenings',
        starts_at: startsAt,
        ends_at: startsAt,
        time_zone: timeZone,
        attendee_profile_id: '9',
        child_name: 'Mia',
        price: 2500,
        credit_until: startsAt,
      },
    },
  }) as OrderItemWithAttendees;

const pass = (validityDays: number) =>
  ({
    ...base,
    kind: 'pass',
    passId: 4,
    snapshot: {
      pass: {
        pass_id: '4',
        name: '5-visit pass',
        translations: {},
        visits: 5,
        validity_days: validityDays,
        price: 2500,
        klass_group_ids: [],
      },
    },
  }) as unknown as OrderItemWithAttendees;

describe('receiptItems (docs/architecture.md#receipts-and-statements)', () => {
  it('dates an evening trial on its own day in its class’s zone, not on the next UTC day', () => {
    // 7:30 pm on 1 December in New York is 00:30 on 2 December in UTC.
    const [line] = receiptItems(
      { paidAt: new Date('2026-11-20T15:00:00Z'), createdAt: new Date('2026-11-20T14:00:00Z') },
      [trial('2026-12-02T00:30:00Z', 'America/New_York')],
      'America/New_York',
    );
    expect(line).toMatchObject({
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      attendees: ['Mia'],
      schedule: 'Tuesday evenings',
    });
    expect(line?.programme).toBe('Trial class: Comics Drawing — Mia, 2026-12-01');
  });

  it('dates a pass from the day it was paid to the day it lapses, in the school’s zone', () => {
    // Paid at 9 pm on 30 November in New York (2 am on 1 December in UTC), valid 30 days.
    const [line] = receiptItems(
      { paidAt: new Date('2026-12-01T02:00:00Z'), createdAt: new Date('2026-12-01T01:59:00Z') },
      [pass(30)],
      'America/New_York',
    );
    expect(line).toMatchObject({
      programme: '5-visit pass',
      startDate: '2026-11-30',
      endDate: '2026-12-30',
      attendees: [],
      total: 2500,
    });
  });
});
