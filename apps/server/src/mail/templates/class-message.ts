import { appLink, type Language, MESSAGE_PAGES } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type ClassMessageParams = {
  /** The family's account name. */
  name: string;
  messageId: number;
  /** Who wrote it (null once the account is gone). */
  sender: string | null;
  /** The programme it is about (null for a message to families by name). */
  programme: string | null;
  title: string;
  /** As written: paragraphs are kept (a blank line separates them). */
  body: string;
};

/** The e-mail copy of a class message (docs/product.md#class-messages); opening it online counts as read. */
export function classMessageMail(locale: Language, params: ClassMessageParams, ctx: MailContext) {
  const url = appLink(ctx.appUrl, MESSAGE_PAGES.received(params.messageId));
  const paragraphs = params.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const from = (en: boolean) => {
    if (en) {
      const who = params.sender ?? ctx.schoolName;
      return params.programme ? `${who} wrote about ${params.programme}:` : `${who} wrote:`;
    }
    // No honorific: the sender may be a teacher or the school's office.
    const who = params.sender ?? ctx.schoolName;
    return params.programme
      ? `${who}から${params.programme}についてのメッセージです。`
      : `${who}からのメッセージです。`;
  };
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: ${params.title}`,
      greeting: `Hello ${params.name},`,
      paragraphs: [from(true), params.title, ...paragraphs],
      action: { label: 'Open the message', url },
      notes: ['You can also read your class messages on the Classes Schedule page.'],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ${params.title}`,
      greeting: `${params.name} 様`,
      paragraphs: [from(false), params.title, ...paragraphs],
      action: { label: 'メッセージを開く', url },
      notes: ['クラスからのメッセージは「クラススケジュール」ページでも読めます。'],
    },
  };
  return renderBody(bodies[locale], ctx);
}
