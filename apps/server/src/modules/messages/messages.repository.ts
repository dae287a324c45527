import type { Translations } from '@atelier/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { klasses, klassGroupSchedules, klassGroups } from '../classes/classes.tables';
import { enrollments } from '../enrollments/enrollments.tables';
import { searchUsers, type UserSearchRow } from '../user-search';
import { attendeeProfiles, users } from '../users/users.tables';
import { messageRecipients, messages } from './messages.tables';

// Class messages' reads and writes (docs/product.md#class-messages). Who a schedule's families
// are is read here from enrollments (a join, as the session notices do), never written.

type Window = { limit: number; offset: number };

/** A schedule as the send rules need it. */
export type ScheduleFacts = {
  id: number;
  name: string;
  teacherId: number;
  timeZone: string;
  klassGroupName: string;
  /** The programme's name in other languages, for each family's mail (lib/translated-content.ts). */
  klassGroupTranslations: Translations<'name' | 'description'>;
};

const scheduleColumns = {
  id: klassGroupSchedules.id,
  name: klassGroupSchedules.name,
  teacherId: klassGroupSchedules.teacherId,
  timeZone: klassGroupSchedules.timeZone,
  klassGroupName: klassGroups.name,
  klassGroupTranslations: klassGroups.translations,
};

export async function scheduleFacts(db: Db, id: number): Promise<ScheduleFacts | undefined> {
  const [row] = await db
    .select(scheduleColumns)
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(eq(klassGroupSchedules.id, id));
  return row;
}

/** A session and its schedule. */
export async function klassFacts(
  db: Db,
  id: number,
): Promise<{ id: number; startsAt: Date; schedule: ScheduleFacts } | undefined> {
  const [row] = await db
    .select({ id: klasses.id, startsAt: klasses.startsAt, schedule: scheduleColumns })
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(eq(klasses.id, id));
  return row;
}

/** Who a message goes to: the account, and what its mail and notification are written with. */
export type Family = { id: number; name: string; email: string; locale: 'en' | 'ja' | null };

const familyColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  locale: users.locale,
};

/** Families with a child actively enrolled in the schedule: each account once, however many children. */
export function familiesOfSchedule(db: Db, scheduleId: number): Promise<Family[]> {
  return db
    .selectDistinct(familyColumns)
    .from(enrollments)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .innerJoin(users, eq(users.id, attendeeProfiles.userId))
    .where(and(eq(enrollments.scheduleId, scheduleId), eq(enrollments.status, 'active')))
    .orderBy(asc(users.id));
}

/** The named accounts that exist, with their role. */
export function usersByIds(
  db: Db,
  ids: number[],
): Promise<(Family & { role: 'student' | 'teacher' | 'admin' })[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ ...familyColumns, role: users.role })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id));
}

/** Families with a child actively enrolled in any schedule `teacherId` teaches (a subquery). */
const taughtFamilies = (teacherId: number) =>
  sql`select ${attendeeProfiles.userId} from ${enrollments}
      inner join ${attendeeProfiles} on ${attendeeProfiles.id} = ${enrollments.attendeeProfileId}
      inner join ${klassGroupSchedules} on ${klassGroupSchedules.id} = ${enrollments.scheduleId}
      where ${enrollments.status} = 'active' and ${klassGroupSchedules.teacherId} = ${teacherId}`;

/** Which of these accounts have a child actively enrolled in a schedule `teacherId` teaches. */
export async function familiesTaughtBy(
  db: Db,
  teacherId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), sql`${users.id} in (${taughtFamilies(teacherId)})`));
  return new Set(rows.map((r) => r.id));
}

export async function insertMessage(
  db: Db,
  values: {
    senderId: number;
    audience: 'schedule' | 'klass' | 'users';
    scheduleId: number | null;
    klassId: number | null;
    title: string;
    body: string;
    at: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(messages)
    .values({
      senderId: values.senderId,
      audience: values.audience,
      scheduleId: values.scheduleId,
      klassId: values.klassId,
      title: values.title,
      body: values.body,
      createdAt: values.at,
    })
    .returning({ id: messages.id });
  if (!row) throw new Error('message not written');
  return row.id;
}

export async function insertRecipients(
  db: Db,
  messageId: number,
  recipientIds: number[],
  at: Date,
): Promise<void> {
  if (recipientIds.length === 0) return;
  await db
    .insert(messageRecipients)
    .values(recipientIds.map((recipientId) => ({ messageId, recipientId, createdAt: at })));
}

/** A message as every view shows it; the counts are filled for the sender's views only. */
export type MessageRow = {
  id: number;
  senderId: number | null;
  senderName: string | null;
  audience: 'schedule' | 'klass' | 'users';
  title: string;
  body: string;
  createdAt: Date;
  schedule: { id: number; name: string; klassGroupName: string; timeZone: string } | null;
  klass: { id: number; startsAt: Date } | null;
  recipientCount: number;
  readCount: number;
  /** The viewing recipient's read time (received views). */
  readAt: Date | null;
};

const sender = alias(users, 'sender');
const mr = sql.raw('mr');

/**
 * Messages with their sender, schedule, programme and session (each may be gone: left joins).
 * The counts (sender's views) and the reader's read time (received views) are correlated
 * subqueries, so a page of messages is one statement.
 */
function selectMessages(db: Db, view: { counts: boolean; readerId: number | null }) {
  const count = (onlyRead: boolean) =>
    view.counts
      ? sql<number>`(select count(*) from ${messageRecipients} ${mr} where ${mr}.message_id = ${messages.id}${onlyRead ? sql` and ${mr}.read_at is not null` : sql``})::int`
      : sql<number>`0`;
  return db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      senderName: sender.name,
      audience: messages.audience,
      title: messages.title,
      body: messages.body,
      createdAt: messages.createdAt,
      scheduleId: klassGroupSchedules.id,
      scheduleName: klassGroupSchedules.name,
      scheduleTimeZone: klassGroupSchedules.timeZone,
      klassGroupName: klassGroups.name,
      klassId: klasses.id,
      klassStartsAt: klasses.startsAt,
      recipientCount: count(false),
      readCount: count(true),
      readAt: (view.readerId === null
        ? sql`null`
        : sql`(select ${mr}.read_at from ${messageRecipients} ${mr} where ${mr}.message_id = ${messages.id} and ${mr}.recipient_id = ${view.readerId})`
      ).mapWith(messageRecipients.readAt),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(klassGroupSchedules, eq(klassGroupSchedules.id, messages.scheduleId))
    .leftJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .leftJoin(klasses, eq(klasses.id, messages.klassId))
    .$dynamic();
}

type RawMessageRow = {
  id: number;
  senderId: number | null;
  senderName: string | null;
  audience: MessageRow['audience'];
  title: string;
  body: string;
  createdAt: Date;
  scheduleId: number | null;
  scheduleName: string | null;
  scheduleTimeZone: string | null;
  klassGroupName: string | null;
  klassId: number | null;
  klassStartsAt: Date | null;
  recipientCount: number;
  readCount: number;
  readAt: Date | null;
};

function toMessageRow(r: RawMessageRow): MessageRow {
  return {
    id: r.id,
    senderId: r.senderId,
    senderName: r.senderName,
    audience: r.audience,
    title: r.title,
    body: r.body,
    createdAt: r.createdAt,
    schedule:
      r.scheduleId !== null &&
      r.scheduleName !== null &&
      r.klassGroupName !== null &&
      r.scheduleTimeZone !== null
        ? {
            id: r.scheduleId,
            name: r.scheduleName,
            klassGroupName: r.klassGroupName,
            timeZone: r.scheduleTimeZone,
          }
        : null,
    klass:
      r.klassId !== null && r.klassStartsAt !== null
        ? { id: r.klassId, startsAt: r.klassStartsAt }
        : null,
    recipientCount: Number(r.recipientCount),
    readCount: Number(r.readCount),
    readAt: r.readAt,
  };
}

const countAll = { n: sql<number>`count(*)`.mapWith(Number) };

/** Past the last page no row carries the window count: `count` (a select of countAll) counts. */
async function pagedRows<R extends { total: number }>(
  rows: R[],
  window: Window,
  count: () => PromiseLike<{ n: number }[]>,
): Promise<{ rows: R[]; total: number }> {
  if (rows.length > 0 || window.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [c] = await count();
  return { rows: [], total: c?.n ?? 0 };
}

/** One page of what `senderId` sent, newest first, with recipient and read counts. */
export async function sentMessages(
  db: Db,
  senderId: number,
  window: Window,
): Promise<{ rows: MessageRow[]; total: number }> {
  const rows = await selectMessages(db, { counts: true, readerId: null })
    .where(eq(messages.senderId, senderId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await pagedRows(rows, window, () =>
    db.select(countAll).from(messages).where(eq(messages.senderId, senderId)),
  );
  return { rows: page.rows.map(toMessageRow), total: page.total };
}

/** One message with its counts, whoever asks (the service decides what they may see). */
export async function messageById(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db, { counts: true, readerId: null }).where(
    eq(messages.id, id),
  );
  return row && toMessageRow(row);
}

/** One page of what `userId` received, newest first, with their read time. */
export async function receivedMessages(
  db: Db,
  userId: number,
  window: Window,
): Promise<{ rows: MessageRow[]; total: number }> {
  const rows = await selectMessages(db, { counts: false, readerId: userId })
    .where(
      inArray(
        messages.id,
        db
          .select({ id: messageRecipients.messageId })
          .from(messageRecipients)
          .where(eq(messageRecipients.recipientId, userId)),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await pagedRows(rows, window, () =>
    db.select(countAll).from(messageRecipients).where(eq(messageRecipients.recipientId, userId)),
  );
  return { rows: page.rows.map(toMessageRow), total: page.total };
}

/** Every recipient of a message by name, with their read time (the read receipts). */
export function recipientsOfMessage(
  db: Db,
  messageId: number,
): Promise<{ id: number; name: string; readAt: Date | null }[]> {
  return db
    .select({ id: users.id, name: users.name, readAt: messageRecipients.readAt })
    .from(messageRecipients)
    .innerJoin(users, eq(users.id, messageRecipients.recipientId))
    .where(eq(messageRecipients.messageId, messageId))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * Records that the recipient opened the message: the first time only (a later visit keeps the
 * first time). Answers their read time, or undefined when they are not a recipient.
 */
export async function markReadOnce(
  db: Db,
  messageId: number,
  recipientId: number,
  at: Date,
): Promise<Date | undefined> {
  const mine = and(
    eq(messageRecipients.messageId, messageId),
    eq(messageRecipients.recipientId, recipientId),
  );
  const [updated] = await db
    .update(messageRecipients)
    .set({ readAt: at })
    .where(and(mine, isNull(messageRecipients.readAt)))
    .returning({ readAt: messageRecipients.readAt });
  if (updated?.readAt) return updated.readAt;
  const [row] = await db
    .select({ readAt: messageRecipients.readAt })
    .from(messageRecipients)
    .where(mine);
  return row?.readAt ?? undefined;
}

/** A schedule a sender may write to, as the picker shows it. */
export type SchedulePick = {
  id: number;
  name: string;
  klassGroupName: string;
  timeZone: string;
  startDate: string;
  endDate: string;
  familyCount: number;
  klasses: {
    id: number;
    startsAt: Date;
    endsAt: Date;
    status: 'scheduled' | 'cancelled';
  }[];
};

/**
 * One page of the schedules `teacherId` teaches (every schedule when null), those running latest
 * first, optionally whose schedule or programme name holds `keyword`; with their sessions and
 * how many families they reach. Three statements whatever the page size.
 */
export async function schedulesToWrite(
  db: Db,
  filters: { teacherId: number | null; keyword?: string },
  window: Window,
): Promise<{ rows: SchedulePick[]; total: number }> {
  const where: SQL | undefined = and(
    filters.teacherId !== null ? eq(klassGroupSchedules.teacherId, filters.teacherId) : undefined,
    filters.keyword
      ? or(
          ilike(klassGroupSchedules.name, likePattern(filters.keyword)),
          ilike(klassGroups.name, likePattern(filters.keyword)),
        )
      : undefined,
  );
  const families = sql.raw('fam');
  const rows = await db
    .select({
      id: klassGroupSchedules.id,
      name: klassGroupSchedules.name,
      klassGroupName: klassGroups.name,
      timeZone: klassGroupSchedules.timeZone,
      startDate: klassGroupSchedules.startDate,
      endDate: klassGroupSchedules.endDate,
      familyCount: sql<number>`(select count(distinct ${families}.user_id) from ${enrollments} inner join ${attendeeProfiles} ${families} on ${families}.id = ${enrollments.attendeeProfileId} where ${enrollments.scheduleId} = ${klassGroupSchedules.id} and ${enrollments.status} = 'active')::int`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(where)
    .orderBy(
      desc(klassGroupSchedules.endDate),
      asc(klassGroups.name),
      asc(klassGroupSchedules.name),
      asc(klassGroupSchedules.id),
    )
    .limit(window.limit)
    .offset(window.offset);
  const page = await pagedRows(rows, window, () =>
    db
      .select(countAll)
      .from(klassGroupSchedules)
      .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
      .where(where),
  );
  const ids = page.rows.map((r) => r.id);
  const klassRows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: klasses.id,
            scheduleId: klasses.scheduleId,
            startsAt: klasses.startsAt,
            endsAt: klasses.endsAt,
            status: klasses.status,
          })
          .from(klasses)
          .where(inArray(klasses.scheduleId, ids))
          .orderBy(asc(klasses.startsAt), asc(klasses.id));
  return {
    total: page.total,
    rows: page.rows.map(({ total: _total, ...r }) => ({
      ...r,
      familyCount: Number(r.familyCount),
      klasses: klassRows.filter((s) => s.scheduleId === r.id).map(({ scheduleId: _s, ...s }) => s),
    })),
  };
}

/**
 * One page of the family accounts `teacherId` may write to (every family account when null), by
 * name, optionally whose name or e-mail holds `keyword`: the user search under the sending rules.
 * One statement.
 */
export function familiesToWrite(
  db: Db,
  filters: { teacherId: number | null; keyword?: string },
  window: Window,
): Promise<{ rows: UserSearchRow[]; total: number }> {
  return searchUsers(
    db,
    {
      role: 'student',
      keyword: filters.keyword,
      among:
        filters.teacherId !== null
          ? sql`${users.id} in (${taughtFamilies(filters.teacherId)})`
          : undefined,
    },
    window,
  );
}
