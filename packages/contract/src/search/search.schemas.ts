import { z } from 'zod';
import { AUDIENCES, FORMATS } from '../classes/classes.constants';
import { textSchema } from '../common/text.schemas';
import { ORDER_STATUSES } from '../orders/orders.schemas';

// The search dialog (docs/product.md#search): one keyword, results grouped by kind, each with the
// app page it opens. Everyone searches programmes; staff search people and orders as far as their
// role may open them (decision 042).

/** Fewest characters of a search (after trimming): one letter matches too much to be useful. */
export const SEARCH_QUERY_MIN = 2;
/** Most characters of a search (after trimming). */
export const SEARCH_QUERY_MAX = 100;
/** Most results of one group: the dialog is a jump list, not a list page. */
export const SEARCH_GROUP_LIMIT = 5;

/** The groups, in the order the dialog shows them. */
export const SEARCH_GROUPS = ['programmes', 'students', 'families', 'teachers', 'orders'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** `GET /api/v1/search?q=`: the keyword, trimmed, 2–100 characters. */
export const searchQuerySchema = z.object({
  q: textSchema({ min: SEARCH_QUERY_MIN, max: SEARCH_QUERY_MAX }),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

const hitBase = {
  /** What the result is called: a name, or `#42` for an order. */
  label: z.string(),
  /** The app page it opens, relative to APP_BASE (`/book_class?klass_group=…`). */
  path: z.string(),
};

/** A programme: published ones for everyone; admins also find unpublished ones (marked). */
export const klassGroupHitSchema = z.object({
  group: z.literal('programmes'),
  ...hitBase,
  audience: z.enum(AUDIENCES),
  format: z.enum(FORMATS),
  published: z.boolean(),
});

/** A student (attendee profile): admins find all, a teacher those in the schedules they teach. */
export const studentHitSchema = z.object({
  group: z.literal('students'),
  ...hitBase,
  /** The family's name: the account holder's, or the walk-in customer's. */
  family: z.string().nullable(),
});

/** A family account (admins): found by its holder's name or e-mail. */
export const familyHitSchema = z.object({
  group: z.literal('families'),
  ...hitBase,
  email: z.string(),
});

/** A teacher (admins): the result opens the schedule they teach that starts last. */
export const teacherHitSchema = z.object({
  group: z.literal('teachers'),
  ...hitBase,
  email: z.string(),
  /** The programme and schedule the result opens, or null when they teach none. */
  teaches: z.object({ programme: z.string(), schedule: z.string() }).nullable(),
});

/** An order (admins): found by its number or its customer's name or e-mail. */
export const orderHitSchema = z.object({
  group: z.literal('orders'),
  ...hitBase,
  /** The account holder's or the walk-in's name; null if neither is known. */
  customer: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  /** Integer cents. */
  total: z.number().int(),
  /** ISO 8601 instant in UTC. */
  created_at: z.string(),
});

/** What one result says, by its group. */
export const searchHitAttributesSchema = z.discriminatedUnion('group', [
  klassGroupHitSchema,
  studentHitSchema,
  familyHitSchema,
  teacherHitSchema,
  orderHitSchema,
]);
export type SearchHitAttributes = z.infer<typeof searchHitAttributesSchema>;

/** The resource type of each group's results (families and teachers are both users). */
export const SEARCH_RESULT_TYPES = [
  'klass_groups',
  'attendee_profiles',
  'users',
  'orders',
] as const;

export const searchResultResourceSchema = z.object({
  id: z.string(),
  type: z.enum(SEARCH_RESULT_TYPES),
  attributes: searchHitAttributesSchema,
});
export type SearchResultResource = z.infer<typeof searchResultResourceSchema>;

/**
 * The answer: results in group order (SEARCH_GROUPS), at most SEARCH_GROUP_LIMIT per group, and
 * which groups were searched for this viewer (a visitor's or a family's: programmes only).
 */
export const searchDocumentSchema = z.object({
  data: z.array(searchResultResourceSchema),
  meta: z.object({ groups: z.array(z.enum(SEARCH_GROUPS)) }),
});
export type SearchDocument = z.infer<typeof searchDocumentSchema>;

/** One result as the web holds it after `flatten`. */
export type SearchResult = SearchHitAttributes & {
  id: string;
  type: (typeof SEARCH_RESULT_TYPES)[number];
};
