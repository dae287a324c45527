import type { Comment } from '@atelier/contract';
import { dateTimeFormat } from '../../lib/date-formatter';

/** A session's date in the viewer's zone: 'Mar 14, 2026' ('2026/03/14' in Japanese). */
export function formatKlassDate(startsAt: string, zone: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: zone }).format(
    Date.parse(startsAt),
  );
}

/**
 * The name a comment is signed with: the person who wrote it (a family's second guardian writes
 * for the family under their own name), else its author; null once the account is gone.
 */
export function commentSignature(comment: Pick<Comment, 'author' | 'written_by'>): string | null {
  return comment.written_by?.name ?? comment.author?.name ?? null;
}
