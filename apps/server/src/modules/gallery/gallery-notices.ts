import type { Translations } from '@atelier/contract';
import { nameInLanguage } from '../../lib/translated-content';
import { peopleByIds } from '../users';
import type { GalleryContext } from './gallery.context';
import { publicStudentName } from './student-name';

// What the gallery tells a family, in the family's language (users.locale, English by default).
// The record is the post: the web opens the page of its type (docs/product.md#routes-and-screens:
// feedbacks → /gallery/feedback, posts and comments → /gallery/my_gallery).

export type Notice = {
  kind: 'posts' | 'comments' | 'feedbacks';
  familyUserId: number | null;
  senderId: number | null;
  postId: number;
  studentName: string;
  /** The programme of the class the post was made in, when known, with its translations. */
  programme?: { name: string; translations: Translations<'name'> } | null;
  /** The comment or feedback text, quoted in the notification. */
  text?: string;
};

const QUOTE_LENGTH = 120;
const quote = (text: string) => {
  const chars = Array.from(text.trim());
  return chars.length > QUOTE_LENGTH
    ? `${chars.slice(0, QUOTE_LENGTH - 1).join('')}…`
    : chars.join('');
};

/**
 * Notifies the family after the change committed. Never throws: the post, comment or feedback is
 * stored, and a lost notification must not turn its answer into an error.
 */
export async function tellFamily(ctx: GalleryContext, notice: Notice): Promise<void> {
  const recipientId = notice.familyUserId;
  if (recipientId === null || recipientId === notice.senderId) return;
  try {
    // The family's language and the sender's name: one query for both people.
    const people = await peopleByIds(
      ctx.db,
      notice.senderId === null ? [recipientId] : [recipientId, notice.senderId],
    );
    const family = people.get(recipientId);
    if (!family) return;
    const ja = family.locale === 'ja';
    // The family sees their own child's full name; the first name reads naturally in a title.
    const child = publicStudentName(notice.studentName).split(' ')[0] ?? notice.studentName;
    const sender = notice.senderId === null ? null : people.get(notice.senderId);
    const who = sender?.name ?? '';
    const text = notice.text ? quote(notice.text) : '';
    let title: string;
    let content: string;
    if (notice.kind === 'posts') {
      const programme = notice.programme
        ? nameInLanguage(notice.programme.name, notice.programme.translations, ja ? 'ja' : 'en')
        : '';
      title = ja
        ? `${child}さんの新しい作品${programme ? `（${programme}）` : ''}`
        : `A new artwork of ${child}${programme ? ` from class ${programme}` : ''}`;
      content = ja
        ? `${who ? `${who}さんが` : ''}${child}さんの作品をギャラリーに追加しました。`
        : `${who || 'Your teacher'} added ${child}’s artwork to your gallery.`;
    } else if (notice.kind === 'comments') {
      title = ja ? `${child}さんの作品に新しいコメント` : `A new comment on ${child}’s artwork`;
      content = `${who}: ${text}`;
    } else {
      title = ja
        ? `${child}さんの作品に先生からフィードバック`
        : `New feedback on ${child}’s artwork`;
      content = `${who}: ${text}`;
    }
    await ctx.notify({
      recipientId,
      senderId: notice.senderId,
      title,
      content,
      record: { type: notice.kind, id: notice.postId },
    });
  } catch (err) {
    ctx.log.warn({ err, postId: notice.postId, kind: notice.kind }, 'gallery change not notified');
  }
}
