import { appLink, type Language } from '@atelier/contract';
import { type MailBody, type MailContext, mailDay, renderBody } from './layout';

export type MakeupCreditExpiringParams = {
  name: string;
  child: string;
  /** When the credit lapses. */
  expiresAt: Date;
};

/** A week before an unused make-up credit lapses (docs/product.md#absences-and-make-ups). */
export function makeupCreditExpiringMail(
  locale: Language,
  params: MakeupCreditExpiringParams,
  ctx: MailContext,
) {
  const url = appLink(ctx.appUrl, '/classes');
  const until = mailDay(locale, params.expiresAt, 'UTC');
  const bodies: Record<Language, MailBody> = {
    en: {
      locale,
      subject: `${ctx.schoolName}: ${params.child}'s make-up credit expires soon`,
      greeting: `Hello ${params.name},`,
      paragraphs: [
        `${params.child} has a make-up credit that has not been used. It expires on ${until}.`,
      ],
      action: { label: 'Book a make-up', url },
    },
    ja: {
      locale,
      subject: `${ctx.schoolName} ${params.child} さんの振替クレジットの期限が近づいています`,
      greeting: `${params.name} 様`,
      paragraphs: [
        `${params.child} さんの未使用の振替クレジットは ${until} に期限切れになります。`,
      ],
      action: { label: '振替を予約する', url },
    },
  };
  return renderBody(bodies[locale], ctx);
}
