import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { plainResourceObjectSchema } from '../common/json-api';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import {
  MESSAGE_AUDIENCES,
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_MAX_USERS,
  MESSAGE_SEARCH_MAX_LENGTH,
  MESSAGE_TITLE_MAX_LENGTH,
  MESSAGES_MESSAGES,
} from './messages.constants';

// Class messages (docs/product.md#class-messages): a teacher or an admin writes to everyone
// enrolled in a schedule, in one session of it, or to chosen families; each family gets a
// notification and an e-mail, and the sender sees who has read it.

/**
 * `POST /api/v1/messages`: exactly one audience (a schedule, one session, or family accounts),
 * a title and a body. The audience's message goes on `audience` (the form's audience choice).
 */
export const createMessageBodySchema = z.object({
  message: z
    .object(
      {
        klass_group_schedule_id: idSchema.optional(),
        klass_id: idSchema.optional(),
        user_ids: z
          .array(idSchema, { error: 'Invalid input' })
          .min(1, MESSAGES_MESSAGES.chooseFamilies)
          .max(MESSAGE_MAX_USERS, MESSAGES_MESSAGES.tooManyFamilies)
          .optional(),
        title: textSchema({ min: 1, max: MESSAGE_TITLE_MAX_LENGTH }),
        body: textSchema({ min: 1, max: MESSAGE_BODY_MAX_LENGTH, multiline: true }),
      },
      { error: 'Required' },
    )
    .refine(
      (m) =>
        [m.klass_group_schedule_id, m.klass_id, m.user_ids].filter((v) => v !== undefined)
          .length === 1,
      {
        path: ['audience'],
        message: MESSAGES_MESSAGES.oneAudience,
        // Said beside a blank title too: the form shows every field's message at once.
        when: (payload) => typeof payload.value === 'object' && payload.value !== null,
      },
    ),
});
export type CreateMessageBody = z.input<typeof createMessageBodySchema>;
/** A message to send, as the server holds it once the body is parsed (ids are numbers). */
export type NewMessage = z.output<typeof createMessageBodySchema>['message'];

/** A recipient as the sender's read receipts show them. */
export const messageRecipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 8601 instant in UTC of the first time they opened it; null while unread. */
  read_at: z.string().nullable(),
});
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

/** Attributes of a `messages` resource. */
export const messageAttributesSchema = z.object({
  title: z.string(),
  body: z.string(),
  audience: z.enum(MESSAGE_AUDIENCES),
  /** ISO 8601 instant in UTC. */
  created_at: z.string(),
  /** Null when the sender's account is gone. */
  sender: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The schedule written to (also for one session of it); null for families by name or once deleted. */
  klass_group_schedule: z
    .object({
      id: z.string(),
      name: z.string(),
      klass_group_name: z.string(),
      /** The schedule's IANA time zone: the session's time is shown in it. */
      time_zone: z.string(),
    })
    .nullable(),
  /** The session written to; null for the other audiences or once deleted. */
  klass: z.object({ id: z.string(), starts_at: z.string() }).nullable(),
  /** The sender's and admins' views: how many families it went to; null in a recipient's view. */
  recipient_count: z.number().int().nonnegative().nullable(),
  /** The sender's and admins' views: how many of them have read it; null in a recipient's view. */
  read_count: z.number().int().nonnegative().nullable(),
  /** A recipient's view: when they first opened it (null while unread, and in the sender's views). */
  read_at: z.string().nullable(),
  /** GET one by its sender or an admin: every recipient with their read time; null otherwise. */
  recipients: z.array(messageRecipientSchema).nullable(),
});
export type MessageAttributes = z.infer<typeof messageAttributesSchema>;

export const messageResourceSchema = plainResourceObjectSchema('messages', messageAttributesSchema);
export const messageDocumentSchema = z.object({ data: messageResourceSchema });
export type MessageDocument = z.infer<typeof messageDocumentSchema>;
/** `GET /api/v1/messages` (sent by me) and `GET /api/v1/messages/received`: newest first, paged. */
export const messageListDocumentSchema = z.object({
  data: z.array(messageResourceSchema),
  meta: pageMetaSchema,
});
export type MessageListDocument = z.infer<typeof messageListDocumentSchema>;

/** A message as the web holds it after `flatten`. */
export const messageSchema = messageAttributesSchema.extend({
  id: z.string(),
  type: z.literal('messages'),
});
export type Message = z.infer<typeof messageSchema>;

/** The audience pickers' query: a page, optionally only what matches `keyword`. */
export const messageAudienceQuerySchema = pageQuerySchema.extend({
  keyword: textSchema({ max: MESSAGE_SEARCH_MAX_LENGTH }).optional(),
});
export type MessageAudienceQuery = z.infer<typeof messageAudienceQuerySchema>;

/** A session of a schedule the sender may write to. */
export const messageKlassSchema = z.object({
  id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(['scheduled', 'cancelled']),
});
export type MessageKlass = z.infer<typeof messageKlassSchema>;

/** A schedule the sender may write to (`GET /api/v1/messages/schedules`), with its sessions. */
export const messageScheduleAttributesSchema = z.object({
  name: z.string(),
  klass_group_name: z.string(),
  time_zone: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Families with a child actively enrolled: who a message to it reaches today. */
  family_count: z.number().int().nonnegative(),
  /** Every session, in time order. */
  klasses: z.array(messageKlassSchema),
});
export const messageScheduleResourceSchema = plainResourceObjectSchema(
  'klass_group_schedules',
  messageScheduleAttributesSchema,
);
export const messageScheduleListDocumentSchema = z.object({
  data: z.array(messageScheduleResourceSchema),
  meta: pageMetaSchema,
});
export type MessageScheduleListDocument = z.infer<typeof messageScheduleListDocumentSchema>;
export const messageScheduleSchema = messageScheduleAttributesSchema.extend({
  id: z.string(),
  type: z.literal('klass_group_schedules'),
});
export type MessageSchedule = z.infer<typeof messageScheduleSchema>;
