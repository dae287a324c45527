import { z } from 'zod';
import { isoDateSchema } from '../classes/fields';
import { plainResourceObjectSchema } from '../common/json-api';

// The sales overview (docs/product.md#sales-overview, decision 034): gross, refunds and net by
// local day, ISO week or month in the school's zone (DEFAULT_TIMEZONE), by programme and plan
// from the order items' snapshots, and seats sold against capacity per schedule. Money in cents.

export const SALES_INTERVALS = ['day', 'week', 'month'] as const;
export type SalesInterval = (typeof SALES_INTERVALS)[number];

/** The longest range one overview covers, in days (two years and a leap day). */
export const SALES_MAX_RANGE_DAYS = 731;

export const SALES_MESSAGES = {
  toBeforeFrom: 'Must be on or after the start date',
  rangeTooLong: `The range may span at most ${SALES_MAX_RANGE_DAYS} days`,
} as const;

/** Whole days from `from` to `to` (YYYY-MM-DD), counted on the calendar (no zone involved). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Local dates in the school's zone, both ends included. */
export const salesQuerySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    interval: z.enum(SALES_INTERVALS, { error: 'Choose day, week or month' }).default('day'),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: SALES_MESSAGES.toBeforeFrom });
    } else if (daysBetween(q.from, q.to) + 1 > SALES_MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: SALES_MESSAGES.rangeTooLong });
    }
  });
export type SalesQuery = z.infer<typeof salesQuerySchema>;

const cents = z.number().int();

/** Gross (paid), refunds (succeeded) and net = gross − refunds, in cents. */
export const salesFiguresSchema = z.object({
  gross: cents,
  refunds: cents,
  net: cents,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const salesBucketSchema = salesFiguresSchema.extend({
  /** The bucket's first local date: the day, the Monday of the ISO week, or the 1st. */
  start: z.string(),
  /** Orders paid in the bucket. */
  orders: z.number().int(),
});
export type SalesBucket = z.infer<typeof salesBucketSchema>;

export const salesKlassGroupSchema = salesFiguresSchema.extend({
  klass_group_id: z.string(),
  name: z.string(),
});
export type SalesKlassGroup = z.infer<typeof salesKlassGroupSchema>;

export const salesPlanSchema = salesFiguresSchema.extend({
  plan_id: z.string(),
  name: z.string(),
});
export type SalesPlan = z.infer<typeof salesPlanSchema>;

export const salesScheduleSchema = z.object({
  schedule_id: z.string(),
  name: z.string(),
  programme_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  capacity: z.number().int(),
  /** Active enrollments now. */
  seats_sold: z.number().int(),
  /** seats_sold / capacity, 0..1 (above 1 only if capacity was lowered under the enrolled). */
  fill_rate: z.number(),
});
export type SalesSchedule = z.infer<typeof salesScheduleSchema>;

export const salesOverviewAttributesSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(SALES_INTERVALS),
  time_zone: z.string(),
  currency: z.string(),
  totals: salesFiguresSchema.extend({ orders: z.number().int() }),
  buckets: z.array(salesBucketSchema),
  programmes: z.array(salesKlassGroupSchema),
  plans: z.array(salesPlanSchema),
  schedules: z.array(salesScheduleSchema),
});
export type SalesOverview = z.infer<typeof salesOverviewAttributesSchema>;

export const salesOverviewDocumentSchema = z.object({
  data: plainResourceObjectSchema('sales_overview', salesOverviewAttributesSchema),
});
export type SalesOverviewDocument = z.infer<typeof salesOverviewDocumentSchema>;
