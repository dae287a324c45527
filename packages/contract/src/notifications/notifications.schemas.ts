import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';

/** What a notification points at; docs/product.md#routes-and-screens picks the page to open from it. */
export const NOTIFICATION_RECORD_TYPES = [
  'feedbacks',
  'posts',
  'comments',
  'messages',
  'orders',
  'waitlist_offers',
  'klasses',
  'billing_payments',
] as const;
export const notificationRecordTypeSchema = z.enum(NOTIFICATION_RECORD_TYPES);
export type NotificationRecordType = z.infer<typeof notificationRecordTypeSchema>;

/** Attributes of a `notifications` resource as the API returns it. */
export const notificationAttributesSchema = z.object({
  title: z.string(),
  content: z.string(),
  /** False until the recipient marks it read (docs/product.md#client-state: read goes false to true). */
  read: z.boolean(),
  /** ISO 8601 instant in UTC. */
  created_at: z.string(),
});
export type NotificationAttributes = z.infer<typeof notificationAttributesSchema>;

/** The sender as a notification's `included` carries it: name and avatar only, no e-mail. */
export const notificationSenderAttributesSchema = z.object({
  name: z.string(),
  avatar_url: z.string().nullable(),
});

const usersIdentifierSchema = z.object({ id: z.string(), type: z.literal('users') });
const recordIdentifierSchema = z.object({ id: z.string(), type: notificationRecordTypeSchema });

/** One `notifications` resource object (JSON:API, before flattening). */
export const notificationResourceSchema = z.object({
  id: z.string(),
  type: z.literal('notifications'),
  attributes: notificationAttributesSchema,
  relationships: z.object({
    /** Null when the system sent it, or the sender's account is gone. */
    sender: z.object({ data: usersIdentifierSchema.nullable() }),
    record: z.object({ data: recordIdentifierSchema }),
  }),
});
export type NotificationResource = z.infer<typeof notificationResourceSchema>;

/** An included sender resource. */
export const notificationSenderResourceSchema = usersIdentifierSchema.extend({
  attributes: notificationSenderAttributesSchema,
});

/**
 * One notification with its sender included. It is the body of mark_read and, unchanged, the
 * `message` of every NotificationsChannel broadcast (docs/product.md#server-calls "parsed as a resource").
 */
export const notificationDocumentSchema = z.object({
  data: notificationResourceSchema,
  included: z.array(notificationSenderResourceSchema).optional(),
});
export type NotificationDocument = z.infer<typeof notificationDocumentSchema>;

/** GET /api/v1/notifications: newest first, one page, senders included once each. */
export const notificationListDocumentSchema = z.object({
  data: z.array(notificationResourceSchema),
  included: z.array(notificationSenderResourceSchema).optional(),
  meta: pageMetaSchema,
});
export type NotificationListDocument = z.infer<typeof notificationListDocumentSchema>;

/** A notification as the web holds it after `flatten` (docs/product.md#data-the-client-sees). */
export const notificationSchema = notificationAttributesSchema.extend({
  id: z.string(),
  type: z.literal('notifications'),
  sender: usersIdentifierSchema.extend(notificationSenderAttributesSchema.shape).nullable(),
  record: recordIdentifierSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/v1/notifications query. */
export const notificationListQuerySchema = pageQuerySchema;
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** `{id}` of PUT /api/v1/notifications/{id}/mark_read (a database integer). */
export const notificationIdParamsSchema = z.object({ id: idSchema });

/** PUT /api/v1/notifications/mark_all_read: how many went from unread to read. */
export const markAllReadResponseSchema = z.object({
  data: z.null(),
  meta: z.object({ updated: z.number().int().nonnegative() }),
});
export type MarkAllReadResponse = z.infer<typeof markAllReadResponseSchema>;

/** GET /api/v1/notifications/unread_count: "data is the count" (docs/product.md#server-calls). */
export const unreadCountResponseSchema = z.object({ data: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;
