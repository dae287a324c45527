import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, posts, reports } from './gallery.tables';
import type { GalleryViewer } from './gallery-viewer';
import { seesPost } from './privacy.repository';

// Reports of posts and comments, for staff to review. A report names exactly one target; staff
// see the reports of posts they may see (a teacher: their students'; an admin: all).

export type ReportRow = {
  id: number;
  reason: string;
  createdAt: Date;
  resolvedAt: Date | null;
  postId: number | null;
  commentId: number | null;
  reporter: { id: number; name: string } | null;
  excerpt: string;
};

/** A report as stored: its reporter by id (null once the account is deleted). */
export type ReportRecord = Omit<ReportRow, 'reporter'> & { reporterId: number | null };

/** The post a report is about: its own, or its comment's. */
const targetPostId = sql`coalesce(${reports.postId}, (select rc.post_id from comments rc where rc.id = ${reports.commentId}))`;

function reportQuery(db: Db) {
  return db
    .select({
      id: reports.id,
      reason: reports.reason,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
      postId: reports.postId,
      commentId: reports.commentId,
      reporterId: reports.reporterId,
      excerpt: sql<string>`coalesce(${posts.caption}, '')`,
      commentBody: comments.body,
    })
    .from(reports)
    .leftJoin(comments, eq(comments.id, reports.commentId))
    .innerJoin(posts, sql`${posts.id} = ${targetPostId}`);
}

const EXCERPT_LENGTH = 140;

function toReportRow(r: Awaited<ReturnType<typeof reportQuery>>[number]): ReportRecord {
  const text = r.commentId !== null ? (r.commentBody ?? '') : r.excerpt;
  const chars = Array.from(text);
  return {
    id: r.id,
    reason: r.reason,
    createdAt: r.createdAt,
    resolvedAt: r.resolvedAt,
    postId: r.postId,
    commentId: r.commentId,
    reporterId: r.reporterId,
    excerpt:
      chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH - 1).join('')}…` : text,
  };
}

export async function openReports(
  db: Db,
  viewer: NonNullable<GalleryViewer>,
  page: { limit: number; offset: number },
): Promise<{ rows: ReportRecord[]; total: number }> {
  const where = and(isNull(reports.resolvedAt), seesPost(viewer));
  const rows = await reportQuery(db)
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .innerJoin(posts, sql`${posts.id} = ${targetPostId}`)
    .where(where);
  return { rows: rows.map(toReportRow), total: count?.n ?? 0 };
}

export async function visibleReport(
  db: Db,
  viewer: NonNullable<GalleryViewer>,
  reportId: number,
): Promise<ReportRecord | undefined> {
  const [row] = await reportQuery(db)
    .where(and(eq(reports.id, reportId), seesPost(viewer)))
    .limit(1);
  return row ? toReportRow(row) : undefined;
}

/**
 * Files a report unless this person already reported this target: under a transaction-scoped
 * advisory lock on (reporter, target), so two requests at once file one report (the table has no
 * unique index for it). Returns the new id, or null when already reported.
 */
export async function insertReportOnce(
  db: Db,
  report: { reporterId: number; postId: number | null; commentId: number | null; reason: string },
): Promise<number | null> {
  const target: SQL =
    report.postId !== null
      ? eq(reports.postId, report.postId)
      : eq(reports.commentId, report.commentId ?? 0);
  const lockKey = `report:${report.reporterId}:${report.postId ?? 'c'}:${report.commentId ?? 'p'}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
    const [existing] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.reporterId, report.reporterId), target))
      .limit(1);
    if (existing) return null;
    const [row] = await tx.insert(reports).values(report).returning({ id: reports.id });
    return row?.id ?? null;
  });
}

/** Resolves an open report (once). */
export async function resolveReport(db: Db, reportId: number, resolvedById: number): Promise<void> {
  await db
    .update(reports)
    .set({ resolvedAt: new Date(), resolvedById })
    .where(and(eq(reports.id, reportId), isNull(reports.resolvedAt)));
}
