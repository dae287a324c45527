import { DEFAULT_LANGUAGE, type Language } from '@atelier/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { columnInLanguage } from '../../db/translated-column';
import { likePattern } from '../../lib/like-pattern';
import { klasses, klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import type { MessageRow, SchedulePick, Window } from '../../modules/messages';
import { messageRecipients, messages } from '../../modules/messages/messages.tables';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

// Class messages' lists (docs/architecture.md#class-messages): each page is one statement that
// names the sender, schedule, programme and session beside the message, with its counts; the
// schedules picker filters and orders by the schedule's and programme's names and counts the
// families each reaches. Selects only; the messages module writes.

const sender = alias(users, 'sender');
const mr = sql.raw('mr');

/**
 * Messages with their sender, schedule, programme and session (each may be gone: left joins).
 * The counts (sender's views) and the reader's read time (received views) are correlated
 * subqueries, so a page of messages is one statement.
 */
function selectMessages(
  db: Db,
  view: { counts: boolean; readerId: number | null; language: Language },
) {
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
      // In the reader's language where the school wrote one (docs/architecture.md#translated-content).
      scheduleName: columnInLanguage(
        klassGroupSchedules.name,
        klassGroupSchedules.translations,
        'name',
        view.language,
      ),
      scheduleTimeZone: klassGroupSchedules.timeZone,
      klassGroupName: columnInLanguage(
        klassGroups.name,
        klassGroups.translations,
        'name',
        view.language,
      ),
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

/**
 * One page of what `senderId` sent, newest first, with recipient and read counts; schedules and
 * programmes named in `language`.
 */
export async function sentMessages(
  db: Db,
  senderId: number,
  window: Window,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ rows: MessageRow[]; total: number }> {
  const rows = await selectMessages(db, { counts: true, readerId: null, language })
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
export async function messageById(
  db: Db,
  id: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db, { counts: true, readerId: null, language }).where(
    eq(messages.id, id),
  );
  return row && toMessageRow(row);
}

/**
 * One page of what `userId` received, newest first, with their read time; schedules and
 * programmes named in `language`.
 */
export async function receivedMessages(
  db: Db,
  userId: number,
  window: Window,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ rows: MessageRow[]; total: number }> {
  const rows = await selectMessages(db, { counts: false, readerId: userId, language })
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
