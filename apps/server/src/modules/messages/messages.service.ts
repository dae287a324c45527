import {
  type Language,
  listDocument,
  MESSAGES_MESSAGES,
  type MessageAudienceQuery,
  type MessageDocument,
  type MessageListDocument,
  type MessageScheduleListDocument,
  type NewMessage,
  type UserListDocument,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { forbidden, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow, type Viewer } from '../../lib/http';
import { inLanguage } from '../../lib/translated-content';
import type { Mailer } from '../../mail/mailer';
import {
  type ScheduleFacts as ClassesScheduleFacts,
  klassFactsByIds,
  scheduleFactsByIds,
} from '../classes';
import { markRecordNotificationsRead, type NotifyInput } from '../notifications';
import { peopleByIds, userResource } from '../users';
import { messageNotice } from './message-notice';
import type { Family, MessageRow, MessagesReads, ScheduleFacts } from './messages.context';
import { insertMessage, insertRecipients, markReadOnce } from './messages.repository';

// Class messages (docs/product.md#class-messages, decision 041). The audience is resolved to
// family accounts when the message is sent and stored as its recipients: a family enrolling
// later does not receive an old message, and the read receipts count the families it reached.

export type MessagesContext = {
  db: Db;
  mailer: Mailer;
  /** Tells a family (stored, pushed to their sockets); called after the message has committed. */
  notify: (input: NotifyInput) => Promise<unknown>;
  /** The URL of a stored avatar key (the square thumbnail), as the rest of the API shows it. */
  avatarUrl: (key: string) => string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
  /** Reads across other modules' tables (read models), handed over by app.ts. */
  reads: MessagesReads;
};

/** A schedule as the send rules need it, from the classes module's facts. */
const sendFacts = (schedule: ClassesScheduleFacts): ScheduleFacts => ({
  id: schedule.id,
  name: schedule.name,
  teacherId: schedule.teacherId,
  timeZone: schedule.timeZone,
  klassGroupName: schedule.klassGroup.name,
  klassGroupTranslations: schedule.klassGroup.translations,
});

async function scheduleFacts(db: Db, id: number): Promise<ScheduleFacts | undefined> {
  const schedule = (await scheduleFactsByIds(db, [id])).get(id);
  return schedule && sendFacts(schedule);
}

/** A session and its schedule. */
async function klassFacts(
  db: Db,
  id: number,
): Promise<{ id: number; startsAt: Date; schedule: ScheduleFacts } | undefined> {
  const klass = (await klassFactsByIds(db, [id])).get(id);
  return klass && { id: klass.id, startsAt: klass.startsAt, schedule: sendFacts(klass.schedule) };
}

/** The named accounts that exist, with their role, by id (the users module's people). */
async function usersByIds(
  db: Db,
  ids: number[],
): Promise<(Family & { role: 'student' | 'teacher' | 'admin' })[]> {
  if (ids.length === 0) return [];
  const people = await peopleByIds(db, ids);
  return [...people.values()]
    .sort((a, b) => a.id - b.id)
    .map(({ id, name, email, locale, role }) => ({ id, name, email, locale, role }));
}

/** Who the message is addressed to, resolved from the body (the checks of who may send apart). */
type Audience =
  | { kind: 'schedule'; schedule: ScheduleFacts; klassId: null }
  | { kind: 'klass'; schedule: ScheduleFacts; klassId: number }
  | { kind: 'users'; schedule: null; klassId: null };

const mayTeach = (viewer: Viewer, schedule: ScheduleFacts) =>
  viewer.role === 'admin' || schedule.teacherId === viewer.id;

/**
 * The audience and its families. Unknown ids and accounts that are not families are the form's
 * mistakes (422 on the field); a class the teacher does not teach, or a family outside their
 * classes, is not theirs to write to (403).
 */
async function resolveAudience(
  ctx: MessagesContext,
  viewer: Viewer,
  message: NewMessage,
): Promise<{ audience: Audience; families: Family[] }> {
  if (message.klass_group_schedule_id !== undefined) {
    const schedule = await scheduleFacts(ctx.db, message.klass_group_schedule_id);
    if (!schedule) {
      throw new ValidationError([
        { field: 'klass_group_schedule_id', detail: MESSAGES_MESSAGES.unknownSchedule },
      ]);
    }
    if (!mayTeach(viewer, schedule)) throw forbidden(MESSAGES_MESSAGES.notYourSchedule);
    const families = await ctx.reads.familiesOfSchedule(ctx.db, schedule.id);
    if (families.length === 0) {
      throw new ValidationError([
        { field: 'klass_group_schedule_id', detail: MESSAGES_MESSAGES.nobodyEnrolled },
      ]);
    }
    return { audience: { kind: 'schedule', schedule, klassId: null }, families };
  }
  if (message.klass_id !== undefined) {
    const klass = await klassFacts(ctx.db, message.klass_id);
    if (!klass) {
      throw new ValidationError([{ field: 'klass_id', detail: MESSAGES_MESSAGES.unknownKlass }]);
    }
    if (!mayTeach(viewer, klass.schedule)) throw forbidden(MESSAGES_MESSAGES.notYourSchedule);
    // Enrollment is by schedule: a session's families are its schedule's.
    const families = await ctx.reads.familiesOfSchedule(ctx.db, klass.schedule.id);
    if (families.length === 0) {
      throw new ValidationError([{ field: 'klass_id', detail: MESSAGES_MESSAGES.nobodyEnrolled }]);
    }
    return { audience: { kind: 'klass', schedule: klass.schedule, klassId: klass.id }, families };
  }
  const ids = [...new Set(message.user_ids ?? [])];
  const found = await usersByIds(ctx.db, ids);
  if (found.length !== ids.length || found.some((u) => u.role !== 'student')) {
    throw new ValidationError([{ field: 'user_ids', detail: MESSAGES_MESSAGES.notAFamily }]);
  }
  if (viewer.role !== 'admin') {
    const taught = await ctx.reads.familiesTaughtBy(ctx.db, viewer.id, ids);
    if (ids.some((id) => !taught.has(id))) throw forbidden(MESSAGES_MESSAGES.notYourFamily);
  }
  return {
    audience: { kind: 'users', schedule: null, klassId: null },
    families: found.map(({ role: _role, ...f }) => f),
  };
}

function messageResource(
  row: MessageRow,
  view: { counts: boolean; readAt: Date | null; recipients?: MessageRecipientRow[] },
) {
  return {
    id: String(row.id),
    type: 'messages' as const,
    attributes: {
      title: row.title,
      body: row.body,
      audience: row.audience,
      created_at: row.createdAt.toISOString(),
      sender:
        row.senderId !== null && row.senderName !== null
          ? { id: String(row.senderId), name: row.senderName }
          : null,
      klass_group_schedule: row.schedule
        ? {
            id: String(row.schedule.id),
            name: row.schedule.name,
            klass_group_name: row.schedule.klassGroupName,
            time_zone: row.schedule.timeZone,
          }
        : null,
      klass: row.klass
        ? { id: String(row.klass.id), starts_at: row.klass.startsAt.toISOString() }
        : null,
      recipient_count: view.counts ? row.recipientCount : null,
      read_count: view.counts ? row.readCount : null,
      read_at: view.readAt ? view.readAt.toISOString() : null,
      recipients: view.recipients
        ? view.recipients.map((r) => ({
            id: String(r.id),
            name: r.name,
            read_at: r.readAt ? r.readAt.toISOString() : null,
          }))
        : null,
    },
  };
}

type MessageRecipientRow = { id: number; name: string; readAt: Date | null };

/**
 * Tells each family, in its language, after the message has committed. One failed notification
 * is logged and the others still go: the message and its mail are already stored.
 */
async function notifyFamilies(
  ctx: MessagesContext,
  messageId: number,
  senderId: number,
  audience: Audience,
  message: NewMessage,
  families: Family[],
): Promise<void> {
  ctx.mailer.wake();
  for (const family of families) {
    try {
      await ctx.notify({
        recipientId: family.id,
        senderId,
        ...messageNotice(family.locale ?? 'en', {
          title: message.title,
          body: message.body,
          programme: programmeIn(audience, family.locale),
        }),
        record: { type: 'messages', id: messageId },
      });
    } catch (err) {
      ctx.log.warn({ err, messageId, recipientId: family.id }, 'message sent but not notified');
    }
  }
}

/** The programme a class message is about, in the family's language. */
function programmeIn(audience: Audience, locale: Language | null): string | null {
  const schedule = audience.schedule;
  if (!schedule) return null;
  const named = { name: schedule.klassGroupName, translations: schedule.klassGroupTranslations };
  return inLanguage(named, locale ?? 'en', ['name']).name;
}

/**
 * POST /api/v1/messages: stores the message and its recipients and queues each family's e-mail
 * in one transaction, then notifies each family. Teachers write to the classes they teach and
 * the families enrolled in them; admins to any class or family account.
 */
export async function sendMessage(
  ctx: MessagesContext,
  viewer: Viewer,
  message: NewMessage,
): Promise<MessageDocument> {
  const { audience, families } = await resolveAudience(ctx, viewer, message);
  const [sender] = await usersByIds(ctx.db, [viewer.id]);
  const at = ctx.now();
  const messageId = await ctx.db.transaction(async (tx) => {
    const id = await insertMessage(tx, {
      senderId: viewer.id,
      audience: audience.kind,
      scheduleId: audience.schedule?.id ?? null,
      klassId: audience.klassId,
      title: message.title,
      body: message.body,
      at,
    });
    await insertRecipients(
      tx,
      id,
      families.map((f) => f.id),
      at,
    );
    for (const family of families) {
      await ctx.mailer.queue(tx, {
        to: family.email,
        locale: family.locale ?? 'en',
        template: 'class_message',
        params: {
          name: family.name,
          messageId: id,
          sender: sender?.name ?? null,
          programme: programmeIn(audience, family.locale),
          title: message.title,
          body: message.body,
        },
      });
    }
    return id;
  });
  await notifyFamilies(ctx, messageId, viewer.id, audience, message, families);
  const row = await ctx.reads.messageById(ctx.db, messageId);
  if (!row) throw notFound('Message');
  return { data: messageResource(row, { counts: true, readAt: null }) };
}

/** GET /api/v1/messages: one page of what the viewer sent, newest first, with read counts. */
export async function listSentMessages(
  ctx: MessagesContext,
  viewer: Viewer,
  page: number,
  language: Language,
): Promise<MessageListDocument> {
  const { rows, total } = await ctx.reads.sentMessages(
    ctx.db,
    viewer.id,
    pageWindow(page),
    language,
  );
  return listDocument(
    rows.map((r) => messageResource(r, { counts: true, readAt: null })),
    pageMeta(page, total),
  );
}

/** GET /api/v1/messages/received: one page of what the viewer received, each with its read time. */
export async function listReceivedMessages(
  ctx: MessagesContext,
  viewer: Viewer,
  page: number,
  language: Language,
): Promise<MessageListDocument> {
  const { rows, total } = await ctx.reads.receivedMessages(
    ctx.db,
    viewer.id,
    pageWindow(page),
    language,
  );
  return listDocument(
    rows.map((r) => messageResource(r, { counts: false, readAt: r.readAt })),
    pageMeta(page, total),
  );
}

/**
 * GET /api/v1/messages/{id}: its sender, or an admin, sees every recipient's read time; a
 * recipient sees the message, and this is what counts as reading it (the first time is kept).
 * Anyone else: 404, as for a message that does not exist.
 */
export async function getMessage(
  ctx: MessagesContext,
  viewer: Viewer,
  id: number,
  language: Language,
): Promise<MessageDocument> {
  const row = await ctx.reads.messageById(ctx.db, id, language);
  if (!row) throw notFound('Message');
  if (row.senderId === viewer.id || viewer.role === 'admin') {
    const recipients = await ctx.reads.recipientsOfMessage(ctx.db, id);
    return { data: messageResource(row, { counts: true, readAt: null, recipients }) };
  }
  const readAt = await markReadOnce(ctx.db, id, viewer.id, ctx.now());
  if (!readAt) throw notFound('Message');
  // The family has read what its notification announced: the notice is read too.
  await markRecordNotificationsRead(ctx.db, viewer.id, { type: 'messages', id }, ctx.now());
  return { data: messageResource(row, { counts: false, readAt }) };
}

/** Teachers see the schedules they teach; admins every schedule. */
const teacherFilter = (viewer: Viewer) => (viewer.role === 'admin' ? null : viewer.id);

/** GET /api/v1/messages/schedules: the schedules the viewer may write to, with their sessions. */
export async function schedulesToMessage(
  ctx: MessagesContext,
  viewer: Viewer,
  query: MessageAudienceQuery,
): Promise<MessageScheduleListDocument> {
  const { rows, total } = await ctx.reads.schedulesToWrite(
    ctx.db,
    { teacherId: teacherFilter(viewer), keyword: query.keyword || undefined },
    pageWindow(query.page),
  );
  return listDocument(
    rows.map((r) => ({
      id: String(r.id),
      type: 'klass_group_schedules' as const,
      attributes: {
        name: r.name,
        klass_group_name: r.klassGroupName,
        time_zone: r.timeZone,
        start_date: r.startDate,
        end_date: r.endDate,
        family_count: r.familyCount,
        klasses: r.klasses.map((s) => ({
          id: String(s.id),
          starts_at: s.startsAt.toISOString(),
          ends_at: s.endsAt.toISOString(),
          status: s.status,
        })),
      },
    })),
    pageMeta(query.page, total),
  );
}

/** GET /api/v1/messages/families: the family accounts the viewer may write to by name. */
export async function familiesToMessage(
  ctx: MessagesContext,
  viewer: Viewer,
  query: MessageAudienceQuery,
): Promise<UserListDocument> {
  const { rows, total } = await ctx.reads.familiesToWrite(
    ctx.db,
    { teacherId: teacherFilter(viewer), keyword: query.keyword || undefined },
    pageWindow(query.page),
  );
  return listDocument(
    rows.map((r) => userResource(r, ctx.avatarUrl)),
    pageMeta(query.page, total),
  );
}
