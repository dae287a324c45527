import type { Slot, Translations } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/**
 * What the school wrote in the other interface languages, beside the default-language columns
 * (docs/architecture.md#translated-content): `{ ja: { name: '…' } }`, blank entries left out.
 */
const translations = <K extends string>() => jsonb().$type<Translations<K>>().notNull().default({});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A programme (klass group): Observational Drawing, Figure Drawing, … (docs/architecture.md#domain-model). */
export const klassGroups = pgTable(
  'klass_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(''),
    audience: text({ enum: ['kids', 'adults', 'all_ages'] }).notNull(),
    format: text({ enum: ['in_person', 'online'] }).notNull(),
    location: text(),
    /** Staff and enrolled people only: never in the public catalogue. */
    meetingUrl: text('meeting_url'),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    /** Storage key of the re-encoded image (storage/images.ts), or null. */
    imageKey: text('image_key'),
    published: boolean().notNull().default(false),
    /** Cents for one trial class (0: free); null when the programme offers no trial. */
    trialPrice: integer('trial_price'),
    translations: translations<'name' | 'description'>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('klass_groups_slug_unique').on(t.slug),
    index('klass_groups_published_name_idx').on(t.published, t.name),
    check('klass_groups_trial_price_not_negative', sql`${t.trialPrice} >= 0`),
  ],
);

/** One run of a programme with a teacher, a capacity and a weekly pattern in a time zone. */
/** Where schedules meet: a name the school writes (translatable) and its seats. */
export const rooms = pgTable(
  'rooms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    capacity: integer().notNull(),
    translations: translations<'name'>(),
    ...timestamps,
  },
  (t) => [
    index('rooms_name_idx').on(t.name),
    check('rooms_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

export const klassGroupSchedules = pgTable(
  'klass_group_schedules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    klassGroupId: integer('klass_group_id')
      .notNull()
      .references(() => klassGroups.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    // A teacher who still teaches a schedule cannot be deleted: reassign the schedule first.
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // A room a schedule meets in cannot be deleted (409 first, the key if a race gets past it).
    roomId: integer('room_id').references(() => rooms.id, { onDelete: 'restrict' }),
    capacity: integer().notNull(),
    timeZone: text('time_zone').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    slots: jsonb().$type<Slot[]>().notNull(),
    exceptionDates: jsonb('exception_dates').$type<string[]>().notNull().default([]),
    translations: translations<'name'>(),
    ...timestamps,
  },
  (t) => [
    index('klass_group_schedules_group_idx').on(t.klassGroupId),
    index('klass_group_schedules_teacher_idx').on(t.teacherId),
    index('klass_group_schedules_room_idx').on(t.roomId),
    check('klass_group_schedules_capacity_positive', sql`${t.capacity} > 0`),
    check('klass_group_schedules_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** A dated session of a schedule. Cancelled sessions keep their row (status), never deleted. */
export const klasses = pgTable(
  'klasses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => klassGroupSchedules.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text({ enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    origin: text({ enum: ['pattern', 'extra'] }).notNull(),
    /** Where the pattern put it (null for extra sessions); regeneration matches on it. */
    originalStartsAt: timestamp('original_starts_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('klasses_schedule_starts_idx').on(t.scheduleId, t.startsAt),
    index('klasses_starts_idx').on(t.startsAt),
    check('klasses_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A price formula (docs/architecture.md#domain-model), offered by schedules through klass_group_schedule_plans. */
export const plans = pgTable(
  'plans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    basePrice: integer('base_price').notNull(),
    unitPrice: integer('unit_price').notNull(),
    unitType: text('unit_type', { enum: ['class', 'month', 'term'] }).notNull(),
    translations: translations<'name'>(),
    ...timestamps,
  },
  (t) => [
    index('plans_name_idx').on(t.name),
    check('plans_prices_not_negative', sql`${t.basePrice} >= 0 and ${t.unitPrice} >= 0`),
  ],
);

/** The plans a schedule offers. A plan in use cannot be deleted (restrict). */
export const klassGroupSchedulePlans = pgTable(
  'klass_group_schedule_plans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => klassGroupSchedules.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('klass_group_schedule_plans_unique').on(t.scheduleId, t.planId),
    index('klass_group_schedule_plans_plan_idx').on(t.planId),
  ],
);

/** Extras a schedule sells beside its plans (materials fee, lunch…), priced in cents. */
export const klassGroupScheduleAddons = pgTable(
  'klass_group_schedule_addons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => klassGroupSchedules.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    price: integer().notNull(),
    translations: translations<'name'>(),
    ...timestamps,
  },
  (t) => [
    index('klass_group_schedule_addons_schedule_idx').on(t.scheduleId),
    check('klass_group_schedule_addons_price_not_negative', sql`${t.price} >= 0`),
  ],
);
