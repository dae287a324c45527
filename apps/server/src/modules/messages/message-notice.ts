import type { Language } from '@atelier/contract';
import type { NotifyInput } from '../notifications';

/** How much of the body a notification shows: the dialog lists many, the message itself is a click away. */
export const NOTICE_EXCERPT_LENGTH = 140;

/** The first characters of the body on one line, cut at a character (not inside a surrogate pair). */
export function excerpt(body: string, max = NOTICE_EXCERPT_LENGTH): string {
  const line = body.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * A class message's notification in the family's language (docs/product.md#class-messages): the
 * words around the message are theirs; the title and body stay as the sender wrote them.
 */
export function messageNotice(
  locale: Language,
  message: { title: string; body: string; programme: string | null },
): Pick<NotifyInput, 'title' | 'content'> {
  const text = excerpt(message.body);
  if (locale === 'ja') {
    return {
      title: `新しいメッセージ: ${message.title}`,
      content: message.programme ? `${message.programme}について: ${text}` : text,
    };
  }
  return {
    title: `New message: ${message.title}`,
    content: message.programme ? `About ${message.programme}: ${text}` : text,
  };
}
