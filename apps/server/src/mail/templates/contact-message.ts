import type { Language } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type ContactMessageParams = {
  /** As the sender typed them on the public contact form. */
  name: string;
  email: string;
  message: string;
  /** The language of the page they wrote from, so the school can answer in it. */
  senderLanguage: Language;
};

const LANGUAGE_NAMES: Record<Language, Record<Language, string>> = {
  en: { en: 'English', ja: 'Japanese' },
  ja: { en: '英語', ja: '日本語' },
};

/**
 * A message from the public contact form, to the school's address (docs/product.md#public-site).
 * The outbox has no Reply-To, so the sender's address is written out for the school to answer.
 */
export function contactMessageMail(
  locale: Language,
  params: ContactMessageParams,
  ctx: MailContext,
) {
  const paragraphs = params.message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const language = LANGUAGE_NAMES[locale][params.senderLanguage];
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: message from ${params.name} (contact form)`,
      greeting: `${params.name} (${params.email}) wrote through the contact form (in ${language}):`,
      paragraphs,
      notes: [
        `Reply to ${params.email}. They were sent a confirmation that their message arrived.`,
      ],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} お問い合わせフォーム: ${params.name} 様より`,
      greeting: `${params.name} 様(${params.email})からお問い合わせフォームでメッセージが届きました(${language}):`,
      paragraphs,
      notes: [`返信先: ${params.email}。送信者には受付確認のメールが送られています。`],
    },
  };
  return renderBody(bodies[locale], ctx);
}
