import type { Language } from '@atelier/contract';
import { type MailBody, type MailContext, renderBody } from './layout';

export type ContactReceivedParams = { name: string };

/**
 * Tells the sender of the public contact form that the school has their message. It does not
 * repeat the message: anyone can type any address into the form, and a copy would let them send
 * their own text to it in the school's name (docs/product.md#public-site).
 */
export function contactReceivedMail(
  locale: Language,
  params: ContactReceivedParams,
  ctx: MailContext,
) {
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: we received your message`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `Thank you for writing to ${ctx.schoolName}. Your message has arrived, and we will answer at this address, usually within two working days.`,
      ],
      notes: ['If you did not write to us, you can ignore this e-mail.'],
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} お問い合わせを受け付けました`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `${ctx.schoolName}へのお問い合わせありがとうございます。メッセージを受け付けました。通常2営業日以内に、このアドレスへご返信します。`,
      ],
      notes: ['お心当たりのない場合は、このメールを破棄してください。'],
    },
  };
  return renderBody(bodies[locale], ctx);
}
