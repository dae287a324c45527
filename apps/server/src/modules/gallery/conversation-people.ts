import { peopleByIds } from '../users';
import type { CommentRecord, CommentRow, FeedbackRecord, FeedbackRow } from './comments.repository';
import type { GalleryContext } from './gallery.context';
import type { ReportRecord, ReportRow } from './reports.repository';

// The people of comments, feedback and reports, named by the users module: one query for a whole
// list (docs/architecture.md#repository-layout-and-layers). A deleted account is null, as it was
// when the names came from a join.

async function peopleOf(ctx: GalleryContext, ids: (number | null)[]) {
  return peopleByIds(
    ctx.db,
    ids.filter((id): id is number => id !== null),
  );
}

/** The comments with their authors' name, avatar and role, and their writers' name. */
export async function withAuthors(
  ctx: GalleryContext,
  rows: CommentRecord[],
): Promise<CommentRow[]> {
  if (rows.length === 0) return [];
  const people = await peopleOf(
    ctx,
    rows.flatMap((r) => [r.authorId, r.writtenById]),
  );
  return rows.map(({ authorId, writtenById, ...row }) => {
    const person = authorId === null ? undefined : people.get(authorId);
    const writer = writtenById === null ? undefined : people.get(writtenById);
    return {
      ...row,
      author: person
        ? { id: person.id, name: person.name, avatarKey: person.avatarKey, role: person.role }
        : null,
      writtenBy: writer ? { id: writer.id, name: writer.name } : null,
    };
  });
}

/** The feedback with its teachers' name and avatar. */
export async function withTeachers(
  ctx: GalleryContext,
  rows: FeedbackRecord[],
): Promise<FeedbackRow[]> {
  if (rows.length === 0) return [];
  const people = await peopleOf(
    ctx,
    rows.map((r) => r.teacherId),
  );
  return rows.map(({ teacherId, ...row }) => {
    const person = teacherId === null ? undefined : people.get(teacherId);
    return {
      ...row,
      teacher: person ? { id: person.id, name: person.name, avatarKey: person.avatarKey } : null,
    };
  });
}

/** The reports with their reporters' name. */
export async function withReporters(
  ctx: GalleryContext,
  rows: ReportRecord[],
): Promise<ReportRow[]> {
  if (rows.length === 0) return [];
  const people = await peopleOf(
    ctx,
    rows.map((r) => r.reporterId),
  );
  return rows.map(({ reporterId, ...row }) => {
    const person = reporterId === null ? undefined : people.get(reporterId);
    return { ...row, reporter: person ? { id: person.id, name: person.name } : null };
  });
}
