/** Who a programme is for (docs/architecture.md#domain-model). */
export const AUDIENCES = ['kids', 'adults', 'all_ages'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** Where a programme happens: in person (with a location) or online (with a meeting link). */
export const FORMATS = ['in_person', 'online'] as const;
export type Format = (typeof FORMATS)[number];

/** What a plan's `unit_price` is charged per (docs/architecture.md#domain-model). */
export const UNIT_TYPES = ['class', 'month', 'term'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** A session (klass) is never deleted: cancelling keeps the row with this status. */
export const KLASS_STATUSES = ['scheduled', 'cancelled'] as const;
export type KlassStatus = (typeof KLASS_STATUSES)[number];

/**
 * A child's place in a schedule: `active`, or ended and kept on record: `cancelled` (refunded)
 * or `moved` (to another schedule, docs/decisions/078-transfers.md).
 */
export const ENROLLMENT_STATUSES = ['active', 'cancelled', 'moved'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** `pattern`: made by a schedule's weekly pattern; `extra`: added by hand. */
export const KLASS_ORIGINS = ['pattern', 'extra'] as const;
export type KlassOrigin = (typeof KLASS_ORIGINS)[number];

/** ISO weekdays as luxon numbers them: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A schedule may make at most this many sessions: a typo in an end date must not make 10,000. */
export const MAX_KLASSES_PER_SCHEDULE = 500;
/** The longest calendar range one request may ask for (a list view of a quarter). */
export const CALENDAR_MAX_RANGE_DAYS = 100;
/** Prices are integer cents; $100,000 is far beyond any class and far inside a 32-bit integer. */
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_CAPACITY = 1000;
export const MAX_AGE = 120;
